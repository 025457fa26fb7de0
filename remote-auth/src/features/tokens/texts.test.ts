import { translationKeys } from '@gestion/ui/testing';
import en from './i18n/en.json';
import es from './i18n/es.json';

describe('the tokens texts (issue #17)', () => {
  it('has the same keys in Spanish and English', () => {
    expect(translationKeys(en)).toEqual(translationKeys(es));
  });
});
