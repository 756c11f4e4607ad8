import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { createPublicClient, createTestClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import solc from 'solc';

/**
 * A real local EVM chain (anvil from @foundry-rs/anvil) on 127.0.0.1 and a test token compiled with solc. The token
 * is our own minimal ERC20: it emits the standard Transfer event, which is all the watcher reads.
 */

// anvil's well-known development keys (accounts 0-2 of its default mnemonic).
export const KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  receiver: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  payer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
} as const satisfies Record<string, Hex>;

/** Our minimal ERC20 (shared with the browser journeys, which deploy it the same way). */
const SOURCE = readFileSync(new URL('./TestUSD.sol', import.meta.url), 'utf8');

interface Compiled {
  abi: unknown[];
  bytecode: Hex;
}

let compiled: Compiled | null = null;

export function compileToken(): Compiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestUSD.sol': { content: SOURCE } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSD.sol']!.TestUSD!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
}

export interface Anvil {
  url: string;
  public: ReturnType<typeof createPublicClient>;
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
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [anvilBinary(), '--host', '127.0.0.1', '--port', String(port), '--silent'],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url);
  const pub = createPublicClient({ chain: foundry, transport });
  for (let i = 0; ; i++) {
    try {
      await pub.getChainId();
      break;
    } catch (err) {
      if (i > 100) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    },
  };
}
