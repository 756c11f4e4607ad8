export { NodeCenter } from './node-center';
