// The public surface of this module (docs/architecture.md): what other modules may use.

export { wallets, walletTransactions } from './schema';
export {
  changeBalance,
  listTransactions,
  readBalance,
  walletsOutOfBalance,
} from './wallet.service';
