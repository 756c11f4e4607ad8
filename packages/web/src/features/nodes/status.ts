/** Colours of the node statuses and of the load bar. */
import type { NodeStatus } from '@portal/contract';

export const NODE_STATUS_COLORS: Record<NodeStatus, string> = {
  online: 'teal',
  offline: 'red',
  maintenance: 'yellow',
};

/** Load (0-100): low teal, busy yellow, heavy red. */
export function loadColor(load: number): string {
  if (load >= 80) return 'red';
  if (load >= 50) return 'yellow';
  return 'teal';
}
