// Every other component's styles, in Mantine's cascade layer like the first screens' subset that
// main.tsx imports: imported lazily from main.tsx so that they load beside the app, not before
// its first paint. Mantine's are those the subset leaves out, in the order of its full
// stylesheet (scripts/mantine-rest-styles.ts): repeating the subset restyled the whole page.
import 'virtual:mantine-rest-styles';
import '@mantine/notifications/styles.layer.css';
