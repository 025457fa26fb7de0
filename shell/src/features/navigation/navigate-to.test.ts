import { createNavigateTo } from './navigate-to';

function setup() {
  const navigate = jest.fn();
  const assign = jest.fn();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const location = { href: 'https://app.example.org/eventos', origin: 'https://app.example.org', assign };
  return { navigateTo: createNavigateTo(navigate, location), navigate, assign, warn };
}

describe('navigateTo (SPEC §2)', () => {
  it('navigates inside the app for a same-origin URL', () => {
    const { navigateTo, navigate, assign } = setup();
    expect(navigateTo('/informes/3?x=1')).toBe(true);
    expect(navigateTo('https://app.example.org/filtrado', { replace: true })).toBe(true);
    expect(navigate.mock.calls).toEqual([
      ['/informes/3?x=1', { replace: false }],
      ['/filtrado', { replace: true }],
    ]);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses another origin, with a warning', () => {
    const { navigateTo, navigate, assign, warn } = setup();
    expect(navigateTo('https://evil.example.com/phish')).toBe(false);
    expect(navigateTo('//evil.example.com')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('leaves the app for another origin only when told it is external', () => {
    const { navigateTo, assign } = setup();
    expect(navigateTo('https://docs.example.com/ayuda', { external: true })).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://docs.example.com/ayuda');
  });

  it('never follows a javascript: URL, external or not', () => {
    const { navigateTo, assign, navigate } = setup();
    expect(navigateTo('javascript:alert(1)')).toBe(false);
    expect(navigateTo('javascript:alert(1)', { external: true })).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
