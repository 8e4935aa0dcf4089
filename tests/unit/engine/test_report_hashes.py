"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "dd29b9be6a856d7757be6eff1485e98e9a79f48e2fe2a59661ea1bb48e629cd3",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "30e5509808d694f9a54b2e9a8de302a9199a330fec4498d44b07a0ceca03ae23",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "e22593f9ee30deb18759274cf2ba0ee24ed4540a4d64ee896a2d95446276cc79",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "145ced4effa7c3b9b84f164b6bc8b58e8c06755845e3e7e498fb3ef1bec67c20",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "f938ffd4da61f6b77eb158ae912959016ac1cf43f94bd6524f06107c64c00f97",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "ed768f5efc265c7370410ff323f91a2c8738724df1cf88f6eab8b6c59da19fe4",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "5d03e523737d41a2c3a2b8a136a4589322a30ed80b85a59b2f072d6688c272e4",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "3845b0d575f5d4a7128b65b25bb41234803592c971125c22302bd677dfabc591",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "cfe2c24afa7d87094af6b0c1c7ab7a20a195658ea9a00d653994715ee08a04d8",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "a52d9d7d656b1cdafc4fd34e4b3ec17bf3a27fc1214dcc800aa9512ba220ec34",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "4f60ee2644390f2609e72c93c89e394438dd8cc6b90d1df147931a2a2feb12ae",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "ac0c40f34b1a3398bf728283d10cb0c1c65efd692fc3e455c7d8755a43bf557e",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "f93603743d8a98e68513de46829b72ba68f18a002fb5efad34a0024ce0a73914",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "8a8c98087773a37e06ed9ad317d2c02af38d2cb9f9ac541b7858a2e0cce02e40",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "6231423d904fe95dec2b68d10299b5e24055dd50cae642104fc1df151a8721d1",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "2da2dcc9de7a55e8e58cfe585c5d4a25d687f4f53f5eca634f6785385cf7958b",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "bdb579bf5783fff3ee5fcf5c1ad35b972046c72b57ca4a69d6bdb59ab35a5f69",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "8645b3c2e6fca9ef3ff83e149abaf315db9b80e1ed92b0d77f2a250d67a44a27",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "33c2751ceddd263a302403a8b7ea31a0bf43727cfcb8dac11069b49e83d96351",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "6d3dca2a7852ca7bbd5915c4595a68d069b1f181895f8f79c03885832bbb4ba9",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "61fc01a02b0932391ad8f45677b8ee8e8584bfc59cfa24deaa2fc63eac2902c4",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "605b386e781b73e3125d426fae6fe73667ee1e61ba6d576ad8cb3422b65f4d3f",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "693c50a88b7a6821e6a8b883f121c422f38cb54c536d8a6b7dbeb80a21faf6b1",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "27d55acb221aa1e75eb46131f2dc14c1639c35497adca5eaa2b69e47da995a7e",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "a266cd6756caf44d8831e33d5a3e4da0ce91a67d9eace6847d8b903fe6681c9a",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "69f60252a7ef8fd9dcb1385ef21f73c1d0c49176e62f4836b693754fa38dd326",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "0921654a9be1c8aff012f022a7b2879586ab6b304d2a1ca89285ee9dbdcd7e05",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "763eae78f37810319df2790d8387052a2d5f3f13b998ac2a9a531fdc8dab023b",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "1c66d8c665c93998199dd5dc0dc906555546b89914464538882bf085cde0721c",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "8eb5dbeedd306c4c5a1c2384de75274679a380b15820c79e3af16800e2ba40ab",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "afd4ea3eab82612cda011de14753a5e7a5a6ac8e55845c7af3fc1461115e219e",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "c9e20480ebc2835bd1ca2d2f024a9e9a8bf963df69162319fe77bb3dcfa3aefb",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
