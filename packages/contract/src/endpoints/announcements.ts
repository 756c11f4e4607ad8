import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const unreadCountData = z.object({ count: z.number().int().min(0) });

export const getUnreadCount = defineEndpoint({
  method: 'GET',
  path: '/announcements/unread/count',
  summary: 'Number of unread announcements',
  tags: ['announcements'],
  auth: true,
  data: unreadCountData,
});
