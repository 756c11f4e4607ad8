// The part of the local chain that the server tests (anvil.ts) and the browser journeys (e2e/support/chain.mjs)
// share: anvil's development keys, our test token compiled with solc, and an anvil process on a free loopback port.
// Plain JavaScript so the journeys' runner can load it with node directly.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import solc from 'solc';
import { createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';

// anvil's well-known development keys (accounts 0-2 of its default mnemonic): 0 deploys, 1 receives, 2 pays.
export const KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  receiver: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  payer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
};

let compiled = null;

/** Our minimal ERC20 (TestUSD.sol: constructor(decimals), mint, transfer, the standard Transfer event). */
export function compileToken() {
  if (compiled) return compiled;
  const source = readFileSync(new URL('./TestUSD.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TestUSD.sol': { content: source } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSD.sol'].TestUSD;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

async function freePort() {
  const srv = createServer();
  await new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** Starts anvil on 127.0.0.1 and resolves once it answers. */
export async function launchAnvil() {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('@foundry-rs/anvil/package.json')), 'bin.mjs');
  const port = await freePort();
  const child = spawn(process.execPath, [bin, '--host', '127.0.0.1', '--port', String(port), '--silent'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const transport = http(url);
  const publicClient = createPublicClient({ chain: foundry, transport });
  for (let i = 0; ; i++) {
    try {
      await publicClient.getChainId();
      break;
    } catch (err) {
      if (i > 100 || child.exitCode !== null) {
        child.kill('SIGTERM');
        throw err;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
    );
  };
  return { url, transport, publicClient, stop };
}
