// The CloudNativePG `Cluster` (postgresql.cnpg.io/v1) as far as deploy/kubernetes uses it, written
// from the operator's API reference and its CRD (kubernetes-models has no schema for it). Objects
// are strict: a field the API does not have (a typo) fails, as the API server's strict field
// validation would. Fields the manifests do not use are left out on purpose: adding one means
// looking it up and adding it here. The refinements are the rules of the operator's admission
// webhook that apply to these fields.
import { z } from 'zod';

/** A Kubernetes resource quantity ("512Mi", "0.5", "250m"). */
const quantity = z.union([
  z.string().regex(/^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/),
  z.number(),
]);
const int32 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
/** A DNS-1123 label: names of clusters become the names of their pods, Services and secrets. */
const dnsLabel = z
  .string()
  .max(63)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);

const storage = z
  .object({
    size: quantity.optional(),
    storageClass: z.string().optional(),
    resizeInUseVolumes: z.boolean().optional(),
  })
  .strict();

const resources = z
  .object({
    requests: z.record(z.string(), quantity).optional(),
    limits: z.record(z.string(), quantity).optional(),
  })
  .strict();

export const cnpgClusterSchema = z
  .object({
    apiVersion: z.literal('postgresql.cnpg.io/v1'),
    kind: z.literal('Cluster'),
    metadata: z
      .object({
        name: dnsLabel,
        namespace: dnsLabel.optional(),
        labels: z.record(z.string(), z.string()).optional(),
        annotations: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
    spec: z
      .object({
        // The only required field of the spec; at least 1.
        instances: z.number().int().min(1),
        description: z.string().optional(),
        imageName: z.string().min(1).optional(),
        primaryUpdateStrategy: z.enum(['unsupervised', 'supervised']).optional(),
        primaryUpdateMethod: z.enum(['switchover', 'restart']).optional(),
        enableSuperuserAccess: z.boolean().optional(),
        enablePDB: z.boolean().optional(),
        failoverDelay: int32.optional(),
        switchoverDelay: int32.optional(),
        startDelay: int32.optional(),
        stopDelay: int32.optional(),
        smartShutdownTimeout: int32.optional(),
        bootstrap: z
          .object({
            initdb: z
              .object({
                database: z.string().min(1).optional(),
                owner: z.string().min(1).optional(),
                secret: z
                  .object({ name: z.string().min(1) })
                  .strict()
                  .optional(),
                encoding: z.string().optional(),
                dataChecksums: z.boolean().optional(),
                postInitSQL: z.array(z.string()).optional(),
                postInitApplicationSQL: z.array(z.string()).optional(),
                postInitTemplateSQL: z.array(z.string()).optional(),
              })
              .strict()
              .optional(),
          })
          .strict()
          .optional(),
        postgresql: z
          .object({
            // postgresql.conf settings: every value a string.
            parameters: z.record(z.string(), z.string()).optional(),
            synchronous: z
              .object({
                method: z.enum(['any', 'first']),
                number: z.number().int().positive(),
                dataDurability: z.enum(['required', 'preferred']).optional(),
                maxStandbyNamesFromCluster: z.number().int().optional(),
                standbyNamesPre: z.array(z.string()).optional(),
                standbyNamesPost: z.array(z.string()).optional(),
              })
              .strict()
              .optional(),
          })
          .strict()
          .optional(),
        storage: storage.optional(),
        walStorage: storage.optional(),
        resources: resources.optional(),
        affinity: z
          .object({
            enablePodAntiAffinity: z.boolean().optional(),
            topologyKey: z.string().optional(),
            podAntiAffinityType: z.enum(['preferred', 'required']).optional(),
            nodeSelector: z.record(z.string(), z.string()).optional(),
          })
          .strict()
          .optional(),
        monitoring: z
          .object({
            enablePodMonitor: z.boolean().optional(),
            disableDefaultQueries: z.boolean().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      // Webhook: "the number of synchronous replicas must be less than the total number of
      // instances and the provided standby names".
      .refine(
        (spec) =>
          !spec.postgresql?.synchronous ||
          spec.postgresql.synchronous.number <
            spec.instances +
              (spec.postgresql.synchronous.standbyNamesPre?.length ?? 0) +
              (spec.postgresql.synchronous.standbyNamesPost?.length ?? 0),
        {
          message: 'postgresql.synchronous.number must be less than the number of instances',
          path: ['postgresql', 'synchronous', 'number'],
        },
      )
      // CRD rule: dataDurability "preferred" takes no standby names.
      .refine(
        (spec) =>
          spec.postgresql?.synchronous?.dataDurability !== 'preferred' ||
          (!spec.postgresql.synchronous.standbyNamesPre?.length && !spec.postgresql.synchronous.standbyNamesPost?.length),
        { message: "dataDurability 'preferred' requires empty standbyNamesPre and standbyNamesPost", path: ['postgresql', 'synchronous'] },
      ),
  })
  .strict();
