// A local EVM chain for the browser journeys: anvil on 127.0.0.1, our test token (packages/server/src/test/TestUSD.sol)
// deployed with 6 decimals, and a payer holding tokens. The portal reads it as its ERC20 network. The anvil process,
// keys and compiler are the server tests' (anvil-process.mjs).
import { createWalletClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { compileToken, KEYS, launchAnvil } from '../../packages/server/src/test/anvil-process.mjs';

export { KEYS };

/** The token's ABI, for the journeys' own transfers. */
export const TOKEN_ABI = compileToken().abi;

/** Starts anvil, deploys a 6-decimal token and funds the payer. */
export async function startChain() {
  const { url, transport, publicClient, stop } = await launchAnvil();
  const wallet = createWalletClient({
    chain: foundry,
    transport,
    account: privateKeyToAccount(KEYS.deployer),
  });
  const { abi, bytecode } = compileToken();
  const hash = await wallet.deployContract({ abi, bytecode, args: [6] });
  const { contractAddress: token } = await publicClient.waitForTransactionReceipt({ hash });
  const payer = privateKeyToAccount(KEYS.payer).address;
  await publicClient.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [payer, 1_000_000n * 10n ** 6n],
    }),
  });
  return { url, token, receiver: privateKeyToAccount(KEYS.receiver).address, payer, stop };
}
