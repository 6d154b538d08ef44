// The full stylesheets, in Mantine's cascade layer like the first screens' subset that
// main.tsx imports: imported lazily from main.tsx so that they load beside the app, not before
// its first paint. They repeat the subset's rules in the same order, which changes nothing.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
