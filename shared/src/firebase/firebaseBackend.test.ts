import { ACCOUNT_APP_NAME } from './authTypes';
import { getAccountAuth, getSessionAuth } from './firebaseBackend';

describe('firebase SDK set-up', () => {
  it('keeps the session and the account in two auth instances, both on the emulator locally', () => {
    const session = getSessionAuth();
    const account = getAccountAuth();
    expect(session).not.toBe(account);
    expect(session.app.name).toBe('[DEFAULT]');
    expect(account.app.name).toBe(ACCOUNT_APP_NAME);
    expect(getSessionAuth()).toBe(session);
    if (process.env.SHOP_AUTH_EMULATOR_URL !== '') {
      expect(session.emulatorConfig?.host).toBe('127.0.0.1');
      expect(account.emulatorConfig?.port).toBe(9099);
    }
  });
});
