import { isStaffRole, type StaffRole } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Who does a staff write, as the audit log keeps it: the account, its role at that moment, its address and
 * browser. registerEndpoint gives one to every staff endpoint's handler; the service records the write with it
 * (modules/audit), which marks it recorded, and a staff write that answers without a record is a bug (route.ts).
 */
export interface StaffActor {
  id: number;
  email: string;
  role: StaffRole;
  ip: string | null;
  userAgent: string | null;
  recorded: boolean;
}

/** The actor of a request the staff guard let through (a staff role is signed in). */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const user = request.auth?.user;
  if (!user || !isStaffRole(user.role)) throw new Error('staffActorOf: not a staff request');
  const agent = request.headers['user-agent'];
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    ip: request.ip || null,
    userAgent: agent ? agent.slice(0, 500) : null,
    recorded: false,
  };
}

/**
 * The operator at the server's shell (`npm run cli`), for the audit log of what the CLI does to accounts: no account
 * (id 0), the owner's powers, the system user's name as its address.
 */
export function cliActor(osUser: string): StaffActor {
  return { id: 0, email: `cli:${osUser}`, role: 'owner', ip: null, userAgent: 'cli', recorded: false };
}
