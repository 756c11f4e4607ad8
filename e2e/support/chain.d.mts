export declare const KEYS: { deployer: `0x${string}`; receiver: `0x${string}`; payer: `0x${string}` };
export declare const TOKEN_ABI: readonly unknown[];
export declare function startChain(): Promise<{
  url: string;
  token: `0x${string}`;
  receiver: `0x${string}`;
  payer: `0x${string}`;
  stop(): Promise<void>;
}>;
