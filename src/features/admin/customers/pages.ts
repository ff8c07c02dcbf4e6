/** The customers' two pages, loaded together: one lazy chunk, so one more name in the entry's preload map. */
export { CompanyPage } from './CompanyPage';
export { CustomersPage } from './CustomersPage';
