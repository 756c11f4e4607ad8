export { ContactCenter } from './contact-center';
export { DealerCenter } from './dealer-center';
