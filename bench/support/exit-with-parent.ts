// Loaded into every bench child (child-process.ts): a child whose bench process died (its IPC channel
// closed) exits too, instead of holding its port and the bench's output pipe open.
process.once('disconnect', () => process.exit(1));
