/**
 * What `kubectl get pods,pdb -A -o json` prints for a small cluster (cluster `kubectl`,
 * pool `web` on europe-west1-b and -c): a ReplicaSet's pods (one running, one pending),
 * a bare pod, a DaemonSet pod, a StatefulSet pod with its PDB, and a finished Job pod,
 * with the fields kubectl prints that the autoscaler does not read.
 */
const NODE_B = "kubectl-web-europe-west1-b-0000";
const NODE_C = "kubectl-web-europe-west1-c-0000";

const managedFields = [
  {
    apiVersion: "v1",
    fieldsType: "FieldsV1",
    fieldsV1: { "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } },
    manager: "kube-controller-manager",
    operation: "Update",
    time: "2026-01-04T22:10:00Z",
  },
];

const runningStatus = (podIP: string) => ({
  phase: "Running",
  conditions: [
    {
      type: "Initialized",
      status: "True",
      lastProbeTime: null,
      lastTransitionTime: "2026-01-04T22:10:02Z",
    },
    {
      type: "Ready",
      status: "True",
      lastProbeTime: null,
      lastTransitionTime: "2026-01-04T22:10:09Z",
    },
    {
      type: "PodScheduled",
      status: "True",
      lastProbeTime: null,
      lastTransitionTime: "2026-01-04T22:10:00Z",
    },
  ],
  hostIP: "10.132.0.7",
  podIP,
  podIPs: [{ ip: podIP }],
  qosClass: "Burstable",
  startTime: "2026-01-04T22:10:00Z",
  containerStatuses: [
    {
      name: "main",
      ready: true,
      restartCount: 0,
      started: true,
      image: "registry.example.com/app:1.4.2",
      imageID: "registry.example.com/app@sha256:5e2c",
      containerID: "containerd://9b1f",
      state: { running: { startedAt: "2026-01-04T22:10:08Z" } },
    },
  ],
});

const defaultTolerations = [
  {
    key: "node.kubernetes.io/not-ready",
    operator: "Exists",
    effect: "NoExecute",
    tolerationSeconds: 300,
  },
  {
    key: "node.kubernetes.io/unreachable",
    operator: "Exists",
    effect: "NoExecute",
    tolerationSeconds: 300,
  },
];

const apiAccess = {
  name: "kube-api-access-x2v9q",
  projected: {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: "token" } },
      { configMap: { name: "kube-root-ca.crt", items: [{ key: "ca.crt", path: "ca.crt" }] } },
    ],
  },
};

const container = (requests: Record<string, string>, limits: Record<string, string> = {}) => ({
  name: "main",
  image: "registry.example.com/app:1.4.2",
  imagePullPolicy: "IfNotPresent",
  ports: [{ containerPort: 8080, name: "http", protocol: "TCP" }],
  resources: { requests, limits },
  terminationMessagePath: "/dev/termination-log",
  terminationMessagePolicy: "File",
  volumeMounts: [
    {
      mountPath: "/var/run/secrets/kubernetes.io/serviceaccount",
      name: apiAccess.name,
      readOnly: true,
    },
  ],
});

const specCommon = {
  dnsPolicy: "ClusterFirst",
  enableServiceLinks: true,
  preemptionPolicy: "PreemptLowerPriority",
  restartPolicy: "Always",
  schedulerName: "default-scheduler",
  securityContext: {},
  serviceAccount: "default",
  serviceAccountName: "default",
  terminationGracePeriodSeconds: 30,
  tolerations: defaultTolerations,
};

const metadataCommon = (name: string, namespace: string, uid: string) => ({
  name,
  namespace,
  uid,
  resourceVersion: "48213",
  creationTimestamp: "2026-01-04T22:10:00Z",
  generateName: name.replace(/[a-z0-9]+$/, ""),
  managedFields,
});

const owner = (kind: string, name: string, apiVersion = "apps/v1") => [
  { apiVersion, kind, name, uid: `${name}-uid`, controller: true, blockOwnerDeletion: true },
];

export const kubectlList = {
  apiVersion: "v1",
  kind: "List",
  metadata: { resourceVersion: "" },
  items: [
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("web-7d4b9c5f8-abcde", "shop", "0f6a1c2e-1"),
        labels: { app: "web", "pod-template-hash": "7d4b9c5f8" },
        annotations: {
          "cluster-autoscaler.kubernetes.io/safe-to-evict": "true",
          "kubectl.kubernetes.io/restartedAt": "2026-01-04T22:09:58Z",
        },
        ownerReferences: owner("ReplicaSet", "web-7d4b9c5f8"),
      },
      spec: {
        ...specCommon,
        nodeName: NODE_B,
        priority: 0,
        containers: [container({ cpu: "250m", memory: "128Mi" }, { cpu: "1", memory: "256Mi" })],
        initContainers: [{ ...container({ cpu: "0.5", memory: "64Mi" }), name: "migrate" }],
        volumes: [apiAccess],
      },
      status: runningStatus("10.8.0.12"),
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("web-7d4b9c5f8-fghij", "shop", "0f6a1c2e-2"),
        labels: { app: "web", "pod-template-hash": "7d4b9c5f8" },
        ownerReferences: owner("ReplicaSet", "web-7d4b9c5f8"),
      },
      spec: {
        ...specCommon,
        priority: 0,
        // A limit without a request requests the limit (memory here), as Kubernetes defaults it.
        containers: [container({ cpu: "3500m", "ephemeral-storage": "1Gi" }, { memory: "1e9" })],
        volumes: [apiAccess],
      },
      status: {
        phase: "Pending",
        qosClass: "Burstable",
        conditions: [
          {
            type: "PodScheduled",
            status: "False",
            reason: "Unschedulable",
            message: "0/2 nodes are available: 2 Insufficient cpu.",
            lastProbeTime: null,
            lastTransitionTime: "2026-01-04T23:59:00Z",
          },
        ],
      },
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("debug-shell", "default", "0f6a1c2e-3"),
        labels: { run: "debug-shell" },
      },
      spec: {
        ...specCommon,
        nodeName: NODE_B,
        priority: 0,
        restartPolicy: "Never",
        containers: [container({ cpu: "100m", memory: "500M" })],
        volumes: [{ name: "scratch", emptyDir: {} }, apiAccess],
      },
      status: runningStatus("10.8.1.4"),
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("fluentbit-x7k2p", "kube-system", "0f6a1c2e-4"),
        labels: { "k8s-app": "fluentbit", "controller-revision-hash": "6d9f" },
        ownerReferences: owner("DaemonSet", "fluentbit"),
      },
      spec: {
        ...specCommon,
        nodeName: NODE_B,
        priority: 2_000_001_000,
        priorityClassName: "system-node-critical",
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                { matchFields: [{ key: "metadata.name", operator: "In", values: [NODE_B] }] },
              ],
            },
          },
        },
        containers: [container({ cpu: "100m", memory: "200Mi" }, { memory: "500Mi" })],
        volumes: [{ name: "varlog", hostPath: { path: "/var/log", type: "" } }, apiAccess],
        tolerations: [{ operator: "Exists" }],
      },
      status: runningStatus("10.132.0.7"),
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("db-0", "shop", "0f6a1c2e-5"),
        labels: { app: "db", "statefulset.kubernetes.io/pod-name": "db-0" },
        ownerReferences: owner("StatefulSet", "db"),
      },
      spec: {
        ...specCommon,
        hostname: "db-0",
        subdomain: "db",
        nodeName: NODE_C,
        priority: 1000,
        priorityClassName: "shop-critical",
        containers: [container({ cpu: "1", memory: "2Gi" }, { cpu: "2", memory: "2Gi" })],
        volumes: [{ name: "data", persistentVolumeClaim: { claimName: "data-db-0" } }, apiAccess],
      },
      status: runningStatus("10.8.1.9"),
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        ...metadataCommon("backup-29442120-x9z2k", "shop", "0f6a1c2e-6"),
        labels: { "batch.kubernetes.io/job-name": "backup-29442120" },
        ownerReferences: owner("Job", "backup-29442120", "batch/v1"),
      },
      spec: {
        ...specCommon,
        nodeName: NODE_B,
        restartPolicy: "OnFailure",
        containers: [container({ cpu: "2", memory: "1Gi" })],
        volumes: [apiAccess],
      },
      status: { phase: "Succeeded", startTime: "2026-01-04T02:00:00Z", conditions: [] },
    },
    {
      apiVersion: "policy/v1",
      kind: "PodDisruptionBudget",
      metadata: {
        name: "db",
        namespace: "shop",
        uid: "7c1e-pdb",
        resourceVersion: "40110",
        generation: 1,
        creationTimestamp: "2026-01-03T10:00:00Z",
        annotations: { "kubectl.kubernetes.io/last-applied-configuration": "{}" },
      },
      spec: { minAvailable: 1, selector: { matchLabels: { app: "db" } } },
      status: {
        currentHealthy: 1,
        desiredHealthy: 1,
        disruptionsAllowed: 0,
        expectedPods: 1,
        observedGeneration: 1,
        conditions: [{ type: "DisruptionAllowed", status: "False", reason: "InsufficientPods" }],
      },
    },
  ],
};
