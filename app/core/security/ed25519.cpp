#include "ed25519.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <memory>

namespace purga {

namespace {

struct PkeyFree
{
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
struct MdCtxFree
{
    void operator()(EVP_MD_CTX *c) const { EVP_MD_CTX_free(c); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

const unsigned char *bytes(const QByteArray &b)
{
    return reinterpret_cast<const unsigned char *>(b.constData());
}

Pkey privateKey(const QByteArray &seed)
{
    if (seed.size() != ed25519::kSeedSize)
        return nullptr;
    return Pkey(EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr, bytes(seed), size_t(seed.size())));
}

} // namespace

QByteArray ed25519::generateSeed()
{
    QByteArray seed(kSeedSize, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char *>(seed.data()), kSeedSize) != 1)
        return {};
    return seed;
}

QByteArray ed25519::publicKey(const QByteArray &seed)
{
    const Pkey key = privateKey(seed);
    QByteArray pub(kPublicKeySize, '\0');
    size_t len = size_t(pub.size());
    if (!key ||
        EVP_PKEY_get_raw_public_key(key.get(), reinterpret_cast<unsigned char *>(pub.data()), &len) != 1 ||
        len != size_t(kPublicKeySize))
        return {};
    return pub;
}

QByteArray ed25519::sign(const QByteArray &seed, const QByteArray &message)
{
    const Pkey key = privateKey(seed);
    const MdCtx ctx(EVP_MD_CTX_new());
    QByteArray sig(kSignatureSize, '\0');
    size_t len = size_t(sig.size());
    // Ed25519 is one-shot: no digest is named (RFC 8032 hashes inside the algorithm).
    if (!key || !ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(sig.data()), &len, bytes(message),
                       size_t(message.size())) != 1 ||
        len != size_t(kSignatureSize))
        return {};
    return sig;
}

bool ed25519::verify(const QByteArray &publicKey, const QByteArray &message, const QByteArray &signature)
{
    if (publicKey.size() != kPublicKeySize || signature.size() != kSignatureSize)
        return false;
    const Pkey key(
        EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, bytes(publicKey), size_t(publicKey.size())));
    const MdCtx ctx(EVP_MD_CTX_new());
    return key && ctx && EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) == 1 &&
           EVP_DigestVerify(ctx.get(), bytes(signature), size_t(signature.size()), bytes(message),
                            size_t(message.size())) == 1;
}

QByteArray sha256(const QByteArray &data)
{
    QByteArray out(32, '\0');
    unsigned int len = 0;
    if (EVP_Digest(data.constData(), size_t(data.size()), reinterpret_cast<unsigned char *>(out.data()), &len,
                   EVP_sha256(), nullptr) != 1 ||
        len != 32)
        return {};
    return out;
}

QByteArray sha256Hex(const QByteArray &data)
{
    return sha256(data).toHex();
}

} // namespace purga
