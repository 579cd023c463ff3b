export default {
  rest: {
    defaultLimit: 25,
    // The website asks for menus with pagination[pageSize]=1000.
    maxLimit: 1000,
    withCount: true,
  },
};
