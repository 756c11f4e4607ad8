export { NodeCenter } from './node-center';
export { countryName, placeOf } from './format';
