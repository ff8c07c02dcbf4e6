/**
 * The search code (algoliasearch, react-instantsearch and the results UI) loads the first time search
 * is opened, never with the page. Calling this again returns the same module.
 */
export const loadSearchCode = () => import('./SearchResults');
