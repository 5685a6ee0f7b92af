"""Sends pushes with aioapns (a provider library from PyPI) to a local APNs.

Usage: aioapns_push.py HOST PORT CA_FILE KEY_FILE KEY_ID TEAM_ID TOPIC TOKEN COUNT
Prints one line per push: "STATUS REASON-or-OK apns-id".
"""
import asyncio
import ssl
import sys
import uuid

from aioapns import APNs, NotificationRequest
from aioapns.connection import APNsProductionClientProtocol


async def main(host, port, ca_file, key_file, key_id, team_id, topic, token, count):
    # aioapns talks to Apple's host on port 443: point its protocol at the local APNs.
    APNsProductionClientProtocol.APNS_SERVER = host
    APNsProductionClientProtocol.APNS_PORT = int(port)
    context = ssl.create_default_context(cafile=ca_file)
    context.set_alpn_protocols(["h2"])
    with open(key_file) as f:
        key = f.read()
    client = APNs(key=key, key_id=key_id, team_id=team_id, topic=topic, use_sandbox=False, ssl_context=context)
    requests = [
        NotificationRequest(
            device_token=token,
            message={"aps": {"alert": {"title": f"From aioapns {i}", "body": "sent by a provider library"},
                             "mutable-content": 1}},
            notification_id=str(uuid.uuid4()),
        )
        for i in range(int(count))
    ]
    results = await asyncio.gather(*(client.send_notification(r) for r in requests))
    for request, result in zip(requests, results):
        print(result.status, result.description or "OK", result.notification_id == request.notification_id)
    client.pool.close()


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
