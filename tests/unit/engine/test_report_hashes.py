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
    ): "fe88fd8a050c58ebb790f63cea1a1e2ca824e0ffd47a6d060cb15c881c9736cd",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "c21bbca87ea8be07967f14341c00ff55da332998a6264cdf742109b38d68751e",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "ce1e8bd7635efdd43905a8080945ce07dbef17c92fa4fd73fa139046458f171e",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "8571a1f76fe25a74c38d5aba9939ceced0810110178e5797ef49b738aa056685",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "9b5b80dd6283f7f2f01fe5243f9a4ce37fb5fd349b6c686f2e0a43741c5040e8",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "d75e5494b826b4dd9be99aa6338b7a2bd4a22fe7c518980b4e6488547bdd1e07",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "a36f84f745a1b81d8766bbf79d97000ef6487494a9c2f2228200d9e7b4d2b558",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "cce42e23ae541468e54ad6609bb96bf564165727e6cc2291ca69b1a040fe8bbf",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "d76314948d721e604632a7821fd19f5adcedc0ea1d2a52a0789de2498f64d504",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "b8026d2fc3616250bbe164d2e8e78125dfb7700814304868959a6c88ae13df8a",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "a26fdcd293964a05ea07bc0464285c41f0fefc425b28e3a27a1c0005d3610b4f",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "29c496d50a8baaa6c2a4d487f22b70edfabe33b2aa2bfc6178b15b9707a6f5e7",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "f8b1585067eefb8e8b511f5b307eb39def4297dca425217213eaa3a12aad2ad0",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "46bd41cf94427d1d3ce69a4937953da8ba06cf83f6d56f19d74c52aeeadaf86e",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "dd49da84c90fced5a2157efc244b6bee80d83fbd20fb9c501ba45bf2d60a7e89",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "33932642273a41900bedb1e6de9643bf46135e1c02d0128600c175a994005dd3",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "47b3c8c38a245309ec71367a54a2233351d809925d0e548378de3acbc279a231",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "d158878f795d5d92c5ae462d7d857a749000bc7aee6ec993af325d8153ebb101",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "93975ea31919fbfa0d28d4b0f51d47b0360cb2deeda6ef9f8a3525576afc2c09",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "eb62b164b099d3da711d85aeb7ee484187efe87b725133375a6208190a758682",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "bb5dba979cc5abff2052975cf5d03bdf309e995b0bb766bfa0296e507ccfd4c9",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "7817e23823bef5021ed4d23a4ddcd2ef7597796868b242c0a5e2268f4b75faef",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "1caa579cfb93bd788453998a14c80e7471eb9a33a47111a70a14994616c18844",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "90cfee5d03e27ae25734bd6be106f7800d692e60f1385664fa8fba8f5377e7c4",
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
