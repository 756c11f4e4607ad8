/** Infrastructure tables: settings (lib/meta-repository.ts) and job leases (jobs/lease.ts). */
/** Table types per feature, gathered in one Database interface (product rules §10). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface MetaTables {
  app_meta: AppMetaTable;
  job_leases: JobLeasesTable;
}
