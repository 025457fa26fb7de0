import { createNavigator } from './navigator';

describe('navigator', () => {
  it('routes navigation to the attached router, and replays one asked for before it was mounted', async () => {
    const navigator = createNavigator();
    navigator.navigate('/login', { replace: true });
    const navigate = jest.fn();
    const detach = navigator.attach(navigate);
    await Promise.resolve();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    navigator.navigate('/');
    expect(navigate).toHaveBeenLastCalledWith('/', undefined);
    detach();
    navigator.navigate('/eventos');
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
