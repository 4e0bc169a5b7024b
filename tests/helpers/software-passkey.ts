/**
 * A passkey authenticator in software, for integration tests: an ES256 key pair that answers WebAuthn ceremonies as a
 * platform authenticator does (attestation 'none', user present and verified, a signature counter), built by the
 * WebAuthn data formats (authenticator data, COSE key, CBOR attestation object) so the server's library checks
 * everything it would check from a browser.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '../../src/shared/passkeys.ts';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());
const uint32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const clientData = (type: string, challenge: string, origin: string) =>
  new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export interface SoftwarePasskey {
  /** The credential id, base64url. */
  id: string;
  /** What the next answer's counter will be. */
  counter: number;
  /** Answers navigator.credentials.create() for these options, from `origin`. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): RegistrationResponseJSON;
  /** Answers navigator.credentials.get(), from `origin`; `userVerified: false` as a key without a PIN would. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    answer?: { userVerified?: boolean; counter?: number },
  ): AuthenticationResponseJSON;
}

/** A new authenticator holding one passkey for the relying party `rpId`. */
export function softwarePasskey(rpId: string): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = new Uint8Array(randomBytes(32));
  const id = isoBase64URL.fromBuffer(credentialId);
  let userHandle = '';
  const state = { counter: 1 };

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
  };

  return {
    id,
    get counter() {
      return state.counter;
    },
    register(options, origin) {
      userHandle = options.user.id;
      const authData = concat(
        sha256(rpId),
        new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
        uint32(0),
        new Uint8Array(16),
        new Uint8Array([credentialId.length >> 8, credentialId.length & 255]),
        credentialId,
        coseKey(publicKey),
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin, answer = {}) {
      const counter = answer.counter ?? state.counter;
      state.counter = counter + 1;
      const flags = FLAG_USER_PRESENT | (answer.userVerified === false ? 0 : FLAG_USER_VERIFIED);
      const authData = concat(sha256(options.rpId ?? rpId), new Uint8Array([flags]), uint32(counter));
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', concat(authData, sha256(data)), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: isoBase64URL.fromBuffer(data),
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
