// A local EVM chain for the browser journeys: anvil on 127.0.0.1, our test token (packages/server/src/test/TestUSD.sol)
// compiled with solc and deployed, and a payer holding tokens. The portal reads it as its ERC20 network.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import solc from 'solc';
import { createPublicClient, createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

// anvil's well-known development keys: 0 deploys, 1 receives, 2 pays.
export const KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  receiver: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  payer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
};

export const TOKEN_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function compile() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const source = readFileSync(path.join(root, 'packages/server/src/test/TestUSD.sol'), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestUSD.sol': { content: source } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = output.contracts['TestUSD.sol'].TestUSD;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/** Starts anvil, deploys a 6-decimal token and funds the payer. */
export async function startChain() {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
  const port = await freePort();
  const child = spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(port), '--silent'], {
    stdio: 'ignore',
  });
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
  const deployer = privateKeyToAccount(KEYS.deployer);
  const wallet = createWalletClient({ chain: foundry, transport, account: deployer });
  const { abi, bytecode } = compile();
  const hash = await wallet.deployContract({ abi, bytecode, args: [6] });
  const { contractAddress: token } = await pub.waitForTransactionReceipt({ hash });
  const payer = privateKeyToAccount(KEYS.payer).address;
  await pub.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [payer, 1_000_000n * 10n ** 6n],
    }),
  });
  return {
    url,
    token,
    receiver: privateKeyToAccount(KEYS.receiver).address,
    payer,
    stop: () => child.kill('SIGTERM'),
  };
}
