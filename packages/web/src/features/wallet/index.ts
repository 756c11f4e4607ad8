export { WalletOverview } from './wallet-overview';
export { RechargePanel } from './recharge-panel';
export { TopupHistory } from './topup-history';
export { CodesManager } from './codes-manager';
export { prefetchWalletOverview } from './api';
export { CODE_STATUS_COLORS, TOPUP_STATUS_COLORS } from './status';
