import type { Hex, HttpTransport, PublicClient } from 'viem';

export declare const KEYS: { readonly deployer: Hex; readonly receiver: Hex; readonly payer: Hex };
export declare function compileToken(): { abi: unknown[]; bytecode: Hex };
export declare function launchAnvil(): Promise<{
  url: string;
  transport: HttpTransport;
  publicClient: PublicClient;
  stop(): Promise<void>;
}>;
