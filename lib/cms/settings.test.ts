import { describe, expect, it } from 'vitest';
import { settingsFromParameters } from './settings';

const PARAMETERS = [
  { Name: 'FederationName', Value: 'Federation of Off-Road Motorcycle and Quad Racing' },
  { Name: 'FederationName:fr-CA', Value: 'Fédération de course moto et quad hors route' },
  { Name: 'FederationName:es', Value: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno' },
  { Name: 'FederationShortName', Value: 'FMQR' },
];

describe('the federation’s name per language (issue 25)', () => {
  it('reads the name of the page’s content locale, the English one elsewhere', () => {
    expect(settingsFromParameters(PARAMETERS, 'fr-CA').federationName).toBe('Fédération de course moto et quad hors route');
    expect(settingsFromParameters(PARAMETERS, 'es').federationName).toBe('Federación de Carreras de Motos y Cuatrimotos Todoterreno');
    expect(settingsFromParameters(PARAMETERS, 'en').federationName).toBe('Federation of Off-Road Motorcycle and Quad Racing');
    expect(settingsFromParameters(PARAMETERS, 'de').federationName).toBe('Federation of Off-Road Motorcycle and Quad Racing');
    expect(settingsFromParameters(PARAMETERS, 'fr-CA').federationShortName).toBe('FMQR');
  });
  it('has none when the CMS gives none or a blank one', () => {
    expect(settingsFromParameters([], 'fr-CA').federationName).toBeNull();
    expect(settingsFromParameters([{ Name: 'FederationName', Value: '   ' }], 'en').federationName).toBeNull();
  });
});
