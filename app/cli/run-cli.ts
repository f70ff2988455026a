// How every CLI of app/cli ends: the exit code its main resolves to, or 1 with the error printed when
// main rejects (instead of Node's unhandled-rejection output).
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
