export { computeStandings } from './compute';
export type * from './types';
