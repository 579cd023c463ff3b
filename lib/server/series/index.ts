export * from './stubs';
export { computeStandings } from './engine';
