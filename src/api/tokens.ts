/** Nest injection tokens of the API module. */
export const API_SETTINGS = Symbol('API_SETTINGS');
/** The Visibility (private tournaments) the resolvers consult. */
export const API_VISIBILITY = Symbol('API_VISIBILITY');
