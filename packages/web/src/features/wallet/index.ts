export { WalletOverview } from './wallet-overview';
export { RechargePanel } from './recharge-panel';
export { RechargeGate } from './recharge-gate';
export { TopupHistory } from './topup-history';
export { CodesManager } from './codes-manager';
