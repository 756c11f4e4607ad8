import type { NodeRow } from '../../db/types.js';
import type { NodeService } from '../nodes/node-service.js';
import { nodeSettings } from '../nodes/node-settings.js';
import { isSs2022, ss2022UserKey } from '../nodes/ss2022.js';
import type { Format } from './formats.js';
import { buildTemplates, uuidItself, type CatalogueNode, type Template } from './templates.js';

/** What delivery keeps per package: its deliverable nodes and each format's rendered document. */
export interface PackageCatalogue {
  nodes: readonly CatalogueNode[];
  templates: Record<Format, Template | null>;
}

/** A node row as every client format needs it, its secret left to the subscription. */
export function catalogueNode(
  row: Pick<NodeRow, 'name' | 'protocol' | 'host' | 'port' | 'settings'>,
): CatalogueNode {
  const s = nodeSettings(row);
  // Shadowsocks 2022: the client's password is the server key and the user's key the agents derive.
  const serverKey = row.protocol === 'shadowsocks' && isSs2022(s.cipher) ? s.serverKey : null;
  return {
    secretOf: serverKey === null ? uuidItself : (uuid) => `${serverKey}:${ss2022UserKey(uuid, s.cipher)}`,
    node: {
      name: row.name,
      protocol: row.protocol,
      host: row.host,
      port: row.port,
      secret: '',
      network: s.network,
      tcpHeader: s.tcpHeader,
      path: s.path,
      wsHost: s.wsHost,
      serviceName: s.serviceName,
      xhttpMode: s.xhttpMode,
      tls: s.tls,
      sni: s.sni,
      flow: s.flow,
      reality: s.reality
        ? {
            publicKey: s.reality.publicKey,
            shortId: s.reality.shortIds[0] ?? '',
            fingerprint: s.reality.fingerprint,
          }
        : null,
      cipher: s.cipher,
      ssPlugin: s.ssPlugin,
      // Hysteria2's password and TUIC's UUID and password are the subscription's UUID, as the agents set them.
      hysteria2: s.hysteria2
        ? {
            obfsPassword: s.hysteria2.obfsPassword,
            upMbps: s.hysteria2.upMbps,
            downMbps: s.hysteria2.downMbps,
            hopPorts: s.hysteria2.hopPorts,
            allowInsecure: s.hysteria2.allowInsecure,
          }
        : null,
      tuic: s.tuic
        ? {
            congestionControl: s.tuic.congestionControl,
            udpRelayMode: s.tuic.udpRelayMode,
            zeroRttHandshake: s.tuic.zeroRttHandshake,
            alpn: s.tuic.alpn,
            allowInsecure: s.tuic.allowInsecure,
          }
        : null,
    },
  };
}

/**
 * The deliverable nodes of each package, rendered once per format (`templates.ts`), kept until the nodes'
 * catalogue version changes (`nodes/catalogue-version.ts`: any node, group or package-group write, by this
 * instance or another sharing the database). A package is built on its first request after a change; requests
 * arriving meanwhile wait for the same build.
 */
export class DeliveryCatalogue {
  private version: string | null = null;
  private packages = new Map<number, Promise<PackageCatalogue>>();

  constructor(
    private readonly nodes: NodeService,
    private readonly siteName: string,
  ) {}

  async forPackage(packageId: number): Promise<PackageCatalogue> {
    const version = await this.nodes.catalogueVersion();
    if (version !== this.version) {
      this.version = version;
      this.packages = new Map();
    }
    const packages = this.packages;
    let entry = packages.get(packageId);
    if (!entry) {
      entry = this.build(packageId);
      packages.set(packageId, entry);
      // A failed build is not kept: the next request tries again.
      entry.catch(() => packages.get(packageId) === entry && packages.delete(packageId));
    }
    return entry;
  }

  private async build(packageId: number): Promise<PackageCatalogue> {
    const nodes = (await this.nodes.deliverable(packageId)).map(catalogueNode);
    return { nodes, templates: buildTemplates(nodes, this.siteName) };
  }
}
