/** Riders of a series on the promoter's desk (issue 24): merge and split with the standings effect first; this index only re-exports. */
export { applyRiders } from './apply-riders';
export { listDeskRiders, riderMatches } from './list-desk-riders';
export { previewRiders } from './preview-riders';
export { standingsEffect, type EffectSide } from './standings-effect';
