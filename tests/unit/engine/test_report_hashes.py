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
    ): "9412fea328560a152e57abfcb179bde779e67bf15cf5d6093b19806746c7cb44",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "a75c60a029172c62d8b76c40fd758668dd05122b85d3d41955393df787b7cc53",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "f46f486cccd0ff1e6861434f5e8a1a218f28f2d7921e90632cfa9fa9b6b1324b",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "0420ba5c0cf838eb1204d90a80be69fae17be98c73561b0930abea924a64a66b",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "d8cf49a148769841f34e362baf2e2c53fe8fc2cd0db3a44dd7f2cff5d4b34122",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "a235253297b050f8ecf345b7f0263792e9962ab4c416f3bc194655ffc6084706",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "5150e871d89f1735f5428023828009b3ff116365ef9f70f50b0b62efbd306b37",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "26efc21a04dfea14404fbe53bc84d0a616b74fad134b3214d8bccea3d6db08cd",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "955a103df7c44543526004120033e3966c73438f4043d3d0ee66174ad9e7339a",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "658682d9f7f47f84a87122b6c8a0f0ff8e8bd42135f65947bcb4cd700ddf15cc",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "844832293aff456b23f0469031b6bc5e097997384da84dee420b895ef1387876",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "c161decaf5fd04097afbd5b635ef5eccc4749a769c3635ead49112853c9b8e4a",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "01614abb3bd659275752e5f5a7cce8a23f2830aa5558943477b91beda69f737a",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "cb0e60c02ac496e342cc615e5ec5be071fe8585b0dddeb4d6979e24169c372fb",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "c07f447a9cad7182dc30067eac968292bae0b3914eea00a7b1cd38e68a504d8a",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "a985cbffaae9b82a192054f741fd8ab9fd97f8d686df9ab1514ea8234457c29b",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "75546219546f839c4913f1a9858f12f940b91d20c8da9557557db92771583d74",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "c3148f67ef2a92fcbb766af62ab125aa02cdfa16f0ba0799282b70eea4716abd",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "6c43cfb0e8500252913b0d8a723e42362fe1bef72ca406f4f4ada57153b765f2",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "ea94f35880fb31037d8d9b35458f9307387efd71daa67da2687849170c006d85",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "3497254d91df3a2a6baec754c05fba6347b3a229e5f94f0342a86086b21aa12d",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "3e9f7072affaf9631ef6fbe812991ac69778da380fb5aca2db74256cd6beaa72",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "9cf94d5e9f4f8c06f211962584d60734c47cd27eaa13b87ff5e5777b9ab6b033",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "dcf8235845dd8503410a5ac108bce0df3ccae81193e9f9d1e29b5df340d64953",
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
