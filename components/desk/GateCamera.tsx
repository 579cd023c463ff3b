'use client';
/**
 * The gate scanner's camera (issue 28 "the phone's camera reads the QR code (a kept scanner
 * library, its decoder files served by the site, not a CDN)"): @yudiel/react-qr-scanner reading QR
 * codes only, its WebAssembly decoder loaded from the site (lib/api/gate.ts `SCANNER_WASM_URL`,
 * app/scanner/[file]/route.ts) instead of the library's default CDN. Loaded by ./GateScanner.tsx
 * with a dynamic import when the official presses "Start scanning", so neither the library nor the
 * decoder weighs on the page's first load. Each code read goes to `onCode` (the same ticket held in
 * front of the camera is read once until it leaves the picture); a camera that cannot start goes
 * to `onError` with the library's kind (`permission-denied`, `no-camera`, `in-use` …).
 */
import { Scanner, setZXingModuleOverrides, type IDetectedBarcode, type IScannerError } from '@yudiel/react-qr-scanner';
import { SCANNER_WASM_URL } from '@/lib/api/gate';

// Before the first detection prepares the decoder: its .wasm from the site, never the CDN.
setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? SCANNER_WASM_URL : prefix + path) });

export interface GateCameraProps {
  onCode: (code: string) => void;
  onError: (kind: IScannerError['kind']) => void;
}

/** The camera's picture with its finder; the back camera on a phone. */
export default function GateCamera({ onCode, onError }: GateCameraProps) {
  return (
    <div style={{ width: '100%', maxWidth: 420 }} data-testid="gate-camera">
      <Scanner
        onScan={(codes: IDetectedBarcode[]) => {
          const code = codes.find((c) => c.rawValue)?.rawValue;
          if (code) onCode(code);
        }}
        onError={(error: IScannerError) => onError(error.kind)}
        constraints={{ facingMode: 'environment' }}
        formats={['qr_code']}
        sound
        components={{ finder: true, torch: true }}
      />
    </div>
  );
}
