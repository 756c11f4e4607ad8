import { createTestClient, createWalletClient, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { compileToken, KEYS, launchAnvil } from './anvil-process.mjs';

/**
 * A real local EVM chain (anvil from @foundry-rs/anvil) on 127.0.0.1 and a test token compiled with solc. The token
 * is our own minimal ERC20: it emits the standard Transfer event, which is all the watcher reads. The process, keys
 * and compiler live in anvil-process.mjs, shared with the browser journeys.
 */
export { compileToken, KEYS };

export interface Anvil {
  url: string;
  public: PublicClient;
  test: ReturnType<typeof createTestClient>;
  wallet(key: Hex): ReturnType<typeof createWalletClient>;
  address(key: Hex): Address;
  deployToken(decimals: number): Promise<Address>;
  mint(token: Address, to: Address, value: bigint): Promise<void>;
  /** Sends `value` raw token units from `key` to `to`; returns the transaction hash once mined. */
  pay(token: Address, key: Hex, to: Address, value: bigint): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  /** Drops the last `depth` blocks (and their transactions) and mines empty ones back to the same height. */
  reorg(depth: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startAnvil(): Promise<Anvil> {
  const { url, transport, publicClient: pub, stop } = await launchAnvil();
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport });
  const wallet = (key: Hex) =>
    createWalletClient({ chain: foundry, transport, account: privateKeyToAccount(key) });
  const { abi, bytecode } = compileToken();
  const write = async (key: Hex, address: Address, functionName: string, args: unknown[]) => {
    const hash = await wallet(key).writeContract({
      address,
      abi,
      functionName,
      args,
      chain: foundry,
      account: privateKeyToAccount(key),
    });
    const receipt = await pub.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} failed`);
    return hash;
  };
  return {
    url,
    public: pub,
    test,
    wallet,
    address: (key) => privateKeyToAccount(key).address,
    async deployToken(decimals) {
      const hash = await wallet(KEYS.deployer).deployContract({
        abi,
        bytecode,
        args: [decimals],
        chain: foundry,
        account: privateKeyToAccount(KEYS.deployer),
      });
      const receipt = await pub.waitForTransactionReceipt({ hash });
      if (!receipt.contractAddress) throw new Error('deployment failed');
      return receipt.contractAddress;
    },
    async mint(token, to, value) {
      await write(KEYS.deployer, token, 'mint', [to, value]);
    },
    pay: (token, key, to, value) => write(key, token, 'transfer', [to, value]),
    mine: (blocks) => test.mine({ blocks }),
    async reorg(depth) {
      await pub.request({ method: 'anvil_reorg' as never, params: [depth, []] as never });
    },
    stop,
  };
}
