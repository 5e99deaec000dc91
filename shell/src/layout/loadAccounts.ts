/** The account functions, loaded when "Sign out" is pressed: no first load carries them (decision 1312). */
export const loadAccounts = () =>
  import(/* webpackChunkName: "accounts" */ '@shop/shared/accounts');
