/** Age limits as text (classes and membership types): "12 to 16 years", "30 years and over", "All ages". Pure. */

/** Which message an age range uses, with its values (`directory.classes.*`). */
export function ageMessage(minAge: number | null, maxAge: number | null): { key: 'ageRange' | 'ageMin' | 'ageMax' | 'allAges'; values: { min?: number; max?: number } } {
  if (minAge !== null && maxAge !== null) return { key: 'ageRange', values: { min: minAge, max: maxAge } };
  if (minAge !== null) return { key: 'ageMin', values: { min: minAge } };
  if (maxAge !== null) return { key: 'ageMax', values: { max: maxAge } };
  return { key: 'allAges', values: {} };
}
