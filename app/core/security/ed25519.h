#pragma once

// Ed25519 signatures and SHA-256 through OpenSSL's EVP interface (libcrypto is already in the
// process through libpq): the receipts' signing key, never hand-written crypto. A private key is
// its 32-byte seed (RFC 8032), kept in memory only and wiped by its owner; it comes from and goes
// to the OS keychain (receiptkeystore.h), never to disk.
#include <QByteArray>

namespace purga::ed25519 {

constexpr int kSeedSize = 32;
constexpr int kPublicKeySize = 32;
constexpr int kSignatureSize = 64;

// A new random seed from OpenSSL's CSPRNG; empty when OpenSSL failed.
QByteArray generateSeed();
// The public key of `seed`; empty when the seed is not 32 bytes or OpenSSL failed.
QByteArray publicKey(const QByteArray &seed);
// The 64-byte signature of `message`; empty on failure.
QByteArray sign(const QByteArray &seed, const QByteArray &message);
// True when `signature` is `publicKey`'s over `message`.
bool verify(const QByteArray &publicKey, const QByteArray &message, const QByteArray &signature);

} // namespace purga::ed25519

namespace purga {
// SHA-256 of `data`, as 32 bytes (OpenSSL EVP).
QByteArray sha256(const QByteArray &data);
// The same, as 64 lowercase hex digits.
QByteArray sha256Hex(const QByteArray &data);
} // namespace purga
