// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { wallets, walletTransactions } from './schema';
export {
  changeBalance,
  listTransactions,
  readBalance,
  walletsOutOfBalance,
} from './wallet.service';
export { walletTransactionsView, walletsView } from './views';
