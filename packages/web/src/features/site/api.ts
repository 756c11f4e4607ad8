/** Hooks of the contact and dealer pages, built from the contract (product rules §10). */
import { siteApi } from '@portal/contract';
import { PAGE_QUERY_OPTIONS, useApiQuery } from '../../lib/query';

export function useContact() {
  return useApiQuery(siteApi.getContact, {}, PAGE_QUERY_OPTIONS);
}

export function useDealers() {
  return useApiQuery(siteApi.getDealers, {}, PAGE_QUERY_OPTIONS);
}
