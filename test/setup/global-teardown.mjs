export default async function globalTeardown() {
  await globalThis.__vigilTestDatabase?.stop();
}
