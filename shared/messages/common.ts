// Texts of guards and common states, which any page can show (spec §2 guards, §8).

// spec §2 guards and 404, §6 administrator
export const guards = {
  loading: 'Loading...',
  adminOnly: 'Access denied. Administrator privileges required.',
  rolesError: (error: string) => `Error loading user permissions: ${error}`,
  notFoundTitle: 'Oops! Page not found',
  errorTitle: 'Something went wrong',
  errorBody: "We're sorry, but something unexpected happened. Please try refreshing the page.",
  refresh: 'Refresh Page',
} as const;
// spec §8 data and events (generic query and mutation toasts), §2 dashboard
export const common = {
  network: 'Connection error. Please check your internet connection and try again.',
  unexpected: 'Unexpected error occurred',
  // ours: the answer to a request that arrives while the server is shutting down
  restarting: 'The server is restarting. Please try again in a moment.',
  // ours: live updates are served over the WebSocket only
  subscriptionsOverWebSocket: 'Live updates are only available over a WebSocket connection',
  // ours: the body of a 404 for a missing upload or asset
  notFound: 'Not found',
  operationSuccess: 'Operation completed successfully',
  never: 'Never',
} as const;
