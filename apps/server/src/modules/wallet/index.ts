// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { walletsView, walletTransactionsView } from './views';
export {
  changeBalance,
  listTransactions,
  readBalance,
  walletsOutOfBalance,
} from './wallet.service';
