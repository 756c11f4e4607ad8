import { NodeCenter } from '../../features/nodes';

export default function NodesPage() {
  return <NodeCenter />;
}
