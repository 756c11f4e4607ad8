import { plural } from '@portal/contract/plural';
import type { DeepStringRecord } from '../../zh_CN';
import type { homeZhCN } from './zh_CN';

export const homeEn: DeepStringRecord<typeof homeZhCN> = {
  menu: {
    open: 'Open menu',
    title: 'Menu',
    faq: 'FAQ',
    theme: 'Theme',
    language: 'Language',
  },
  preview: {
    label: 'Console preview',
    caption: 'The console after signing in: subscription, traffic and nodes at a glance (sample data)',
    console: 'Console',
    subscription: 'My subscription',
    plan: 'Pro',
    active: 'Active',
    traffic: 'Traffic used',
    used: '{{used}} of {{total}} used',
    daysLeft: plural('{{count}} days left', '{{count}} day left'),
    devices: '{{online}} of {{limit}} devices online',
    nodes: 'Nodes',
    online: '{{count}} online',
    latency: '{{ms}} ms',
    latencyLabel: 'Latency',
    cities: { hk: 'Hong Kong', tokyo: 'Tokyo', singapore: 'Singapore', losAngeles: 'Los Angeles' },
  },
  clients: {
    title: 'Works with the clients you already use',
    text: 'One subscription link; each client gets Clash, sing-box or the common format automatically.',
  },
  faq: {
    title: 'Frequently asked questions',
    subtitle: 'Not answered here? Sign in and open a ticket; email is answered within 24 hours.',
    what: {
      q: 'What is this service?',
      a: 'A paid network acceleration subscription over VMess, VLESS, Trojan and Shadowsocks. When you buy a package you get one subscription link; import it into your client and every node of the package is there.',
    },
    clients: {
      q: 'Which clients are supported?',
      a: 'Any client that imports a subscription link: Clash / Mihomo clients such as Clash Verge, FlClash and Stash, sing-box and Hiddify, and v2rayN, v2rayNG and Shadowrocket. The help centre has step-by-step guides for each platform.',
    },
    payment: {
      q: 'How do I pay?',
      a: 'Top up your account balance, then buy, renew or upgrade packages from it. Two ways to top up: USDT on the TRC20 or ERC20 network (send the exact amount the order shows), or a top-up code bought from a dealer and redeemed in the console.',
    },
    refund: {
      q: 'Is there a trial or a refund?',
      a: 'When the service offers a trial, a new account gets it once its email is verified (the sign-up screen says so). For a refund, ask within 7 days of buying: a full refund if no traffic was used, a proportional one for the unused share if some was. Amounts topped up with top-up codes are not refunded. See the terms of service.',
    },
    devices: {
      q: 'How many devices can I use?',
      a: 'Every package states how many devices may be online at once, and one subscription link works on phones, computers and tablets. When the traffic runs out the service pauses until you renew or upgrade.',
    },
    support: {
      q: 'How do I reach support?',
      a: 'Open a ticket in the console (screenshots welcome); replies are also sent by email, and email is answered within 24 hours. The help centre explains client setup and common problems.',
    },
  },
};
