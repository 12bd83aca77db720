#!/usr/bin/env python3
"""An impostor PostgreSQL server: declines TLS and asks for a clear-text password.

    fake-pg-notls.py LOG

Listens on 127.0.0.1 (a free port, printed on the first line of stdout) and, for every client:
answers 'N' to an SSLRequest or GSSENCRequest, answers a startup packet with
AuthenticationCleartextPassword, and records what arrives in LOG, one line per event:
"ssl_request", "startup user=NAME", "password VALUE". A password is refused (28P01).
It stops when its standard input closes (the test that started it ended). Python 3 stdlib only.
"""
import socket
import struct
import sys
import threading

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104
PROTOCOL_3 = 196608

log_lock = threading.Lock()


def record(path, line):
    with log_lock, open(path, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def read_exact(conn, n):
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def error_response(code, message):
    fields = b"SFATAL\0VFATAL\0C" + code.encode() + b"\0M" + message.encode() + b"\0\0"
    return b"E" + struct.pack("!I", 4 + len(fields)) + fields


def serve(conn, log):
    try:
        while True:
            (length,) = struct.unpack("!I", read_exact(conn, 4))
            payload = read_exact(conn, length - 4)
            (code,) = struct.unpack("!I", payload[:4])
            if code in (SSL_REQUEST, GSSENC_REQUEST):
                record(log, "ssl_request" if code == SSL_REQUEST else "gssenc_request")
                conn.sendall(b"N")
                continue
            if code != PROTOCOL_3:
                return
            parts = payload[4:].split(b"\0")
            params = dict(zip(parts[0::2], parts[1::2]))
            record(log, "startup user=" + params.get(b"user", b"").decode(errors="replace"))
            conn.sendall(b"R" + struct.pack("!II", 8, 3))  # AuthenticationCleartextPassword
            kind = read_exact(conn, 1)
            (length,) = struct.unpack("!I", read_exact(conn, 4))
            body = read_exact(conn, length - 4)
            if kind == b"p":
                record(log, "password " + body.rstrip(b"\0").decode(errors="replace"))
            conn.sendall(error_response("28P01", "password authentication failed"))
            return
    except (EOFError, ConnectionError, struct.error):
        return
    finally:
        conn.close()


def main():
    log = sys.argv[1]
    open(log, "w").close()
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    print(server.getsockname()[1], flush=True)

    def accept_loop():
        while True:
            conn, _ = server.accept()
            threading.Thread(target=serve, args=(conn, log), daemon=True).start()

    threading.Thread(target=accept_loop, daemon=True).start()
    sys.stdin.read()  # until the test closes our stdin or ends


if __name__ == "__main__":
    main()
