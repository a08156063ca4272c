module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<3x3x3x8xf32>, %arg3: tensor<10xf32>, %arg4: tensor<16x10xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8xf32>, %arg7: tensor<8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<3x3x8x8xf32>, %arg10: tensor<3x3x8x8xf32>, %arg11: tensor<16xf32>, %arg12: tensor<16xf32>, %arg13: tensor<16xf32>, %arg14: tensor<16xf32>, %arg15: tensor<16xf32>, %arg16: tensor<16xf32>, %arg17: tensor<3x3x8x16xf32>, %arg18: tensor<3x3x16x16xf32>, %arg19: tensor<1x1x8x16xf32>, %arg20: tensor<8xf32>, %arg21: tensor<8xf32>, %arg22: tensor<8xf32>, %arg23: tensor<8xf32>, %arg24: tensor<8xf32>, %arg25: tensor<8xf32>, %arg26: tensor<16xf32>, %arg27: tensor<16xf32>, %arg28: tensor<16xf32>, %arg29: tensor<16xf32>, %arg30: tensor<16xf32>, %arg31: tensor<16xf32>, %arg32: tensor<8xf32>, %arg33: tensor<8xf32>, %arg34: tensor<3x3x3x8xf32>, %arg35: tensor<10xf32>, %arg36: tensor<16x10xf32>, %arg37: tensor<8xf32>, %arg38: tensor<8xf32>, %arg39: tensor<8xf32>, %arg40: tensor<8xf32>, %arg41: tensor<3x3x8x8xf32>, %arg42: tensor<3x3x8x8xf32>, %arg43: tensor<16xf32>, %arg44: tensor<16xf32>, %arg45: tensor<16xf32>, %arg46: tensor<16xf32>, %arg47: tensor<16xf32>, %arg48: tensor<16xf32>, %arg49: tensor<3x3x8x16xf32>, %arg50: tensor<3x3x16x16xf32>, %arg51: tensor<1x1x8x16xf32>, %arg52: tensor<4x16x16x3xf32>, %arg53: tensor<4xi32>) -> (tensor<8xf32> {jax.result_info = "result[0]['BatchNorm_0']['bias']"}, tensor<8xf32> {jax.result_info = "result[0]['BatchNorm_0']['scale']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[0]['Conv_0']['kernel']"}, tensor<10xf32> {jax.result_info = "result[0]['Dense_0']['bias']"}, tensor<16x10xf32> {jax.result_info = "result[0]['Dense_0']['kernel']"}, tensor<8xf32> {jax.result_info = "result[0]['ResBlock_0']['BatchNorm_0']['bias']"}, tensor<8xf32> {jax.result_info = "result[0]['ResBlock_0']['BatchNorm_0']['scale']"}, tensor<8xf32> {jax.result_info = "result[0]['ResBlock_0']['BatchNorm_1']['bias']"}, tensor<8xf32> {jax.result_info = "result[0]['ResBlock_0']['BatchNorm_1']['scale']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[0]['ResBlock_0']['Conv_0']['kernel']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[0]['ResBlock_0']['Conv_1']['kernel']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_0']['bias']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_0']['scale']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_1']['bias']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_1']['scale']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_2']['bias']"}, tensor<16xf32> {jax.result_info = "result[0]['ResBlock_1']['BatchNorm_2']['scale']"}, tensor<3x3x8x16xf32> {jax.result_info = "result[0]['ResBlock_1']['Conv_0']['kernel']"}, tensor<3x3x16x16xf32> {jax.result_info = "result[0]['ResBlock_1']['Conv_1']['kernel']"}, tensor<1x1x8x16xf32> {jax.result_info = "result[0]['ResBlock_1']['Conv_2']['kernel']"}, tensor<8xf32> {jax.result_info = "result[1]['BatchNorm_0']['mean']"}, tensor<8xf32> {jax.result_info = "result[1]['BatchNorm_0']['var']"}, tensor<8xf32> {jax.result_info = "result[1]['ResBlock_0']['BatchNorm_0']['mean']"}, tensor<8xf32> {jax.result_info = "result[1]['ResBlock_0']['BatchNorm_0']['var']"}, tensor<8xf32> {jax.result_info = "result[1]['ResBlock_0']['BatchNorm_1']['mean']"}, tensor<8xf32> {jax.result_info = "result[1]['ResBlock_0']['BatchNorm_1']['var']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_0']['mean']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_0']['var']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_1']['mean']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_1']['var']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_2']['mean']"}, tensor<16xf32> {jax.result_info = "result[1]['ResBlock_1']['BatchNorm_2']['var']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['BatchNorm_0']['bias']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['BatchNorm_0']['scale']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[2][0].trace['Conv_0']['kernel']"}, tensor<10xf32> {jax.result_info = "result[2][0].trace['Dense_0']['bias']"}, tensor<16x10xf32> {jax.result_info = "result[2][0].trace['Dense_0']['kernel']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['BatchNorm_0']['bias']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['BatchNorm_0']['scale']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['BatchNorm_1']['bias']"}, tensor<8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['BatchNorm_1']['scale']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['Conv_0']['kernel']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[2][0].trace['ResBlock_0']['Conv_1']['kernel']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_0']['bias']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_0']['scale']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_1']['bias']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_1']['scale']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_2']['bias']"}, tensor<16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['BatchNorm_2']['scale']"}, tensor<3x3x8x16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['Conv_0']['kernel']"}, tensor<3x3x16x16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['Conv_1']['kernel']"}, tensor<1x1x8x16xf32> {jax.result_info = "result[2][0].trace['ResBlock_1']['Conv_2']['kernel']"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.convolution(%arg52, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x16x16x8xf32>
    %1 = chlo.square %0 : tensor<4x16x16x8xf32> -> tensor<4x16x16x8xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %3 = stablehlo.multiply %2, %0 : tensor<4x16x16x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%0 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.divide %4, %5 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%1 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_3 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %9 = stablehlo.divide %7, %8 : tensor<8xf32>
    %10 = chlo.square %6 : tensor<8xf32> -> tensor<8xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.multiply %11, %6 : tensor<8xf32>
    %13 = stablehlo.subtract %9, %10 : tensor<8xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %15 = stablehlo.maximum %14, %13 : tensor<8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.compare GT, %13, %16, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %19 = stablehlo.compare EQ, %13, %18, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %23 = stablehlo.select %19, %22, %21 : tensor<8xi1>, tensor<8xf32>
    %24 = stablehlo.select %17, %20, %23 : tensor<8xi1>, tensor<8xf32>
    %cst_11 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %26 = stablehlo.multiply %25, %arg20 : tensor<8xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %28 = stablehlo.multiply %27, %6 : tensor<8xf32>
    %29 = stablehlo.add %26, %28 : tensor<8xf32>
    %cst_13 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %31 = stablehlo.multiply %30, %arg21 : tensor<8xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %33 = stablehlo.multiply %32, %15 : tensor<8xf32>
    %34 = stablehlo.add %31, %33 : tensor<8xf32>
    %35 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %36 = stablehlo.broadcast_in_dim %15, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %38 = stablehlo.subtract %0, %37 : tensor<4x16x16x8xf32>
    %cst_15 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %40 = stablehlo.add %36, %39 : tensor<1x1x1x8xf32>
    %41 = stablehlo.rsqrt %40 : tensor<1x1x1x8xf32>
    %42 = stablehlo.divide %41, %40 : tensor<1x1x1x8xf32>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<1x1x1x8xf32>
    %45 = stablehlo.reshape %arg1 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %46 = stablehlo.multiply %41, %45 : tensor<1x1x1x8xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %48 = stablehlo.multiply %38, %47 : tensor<4x16x16x8xf32>
    %49 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %51 = stablehlo.add %48, %50 : tensor<4x16x16x8xf32>
    %52 = call @relu(%51) : (tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %54 = stablehlo.compare GT, %51, %53, FLOAT : (tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xi1>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %56 = stablehlo.convolution(%52, %arg9) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x16x16x8xf32>
    %57 = chlo.square %56 : tensor<4x16x16x8xf32> -> tensor<4x16x16x8xf32>
    %cst_19 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %59 = stablehlo.multiply %58, %56 : tensor<4x16x16x8xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%56 init: %cst_20) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_21 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %62 = stablehlo.divide %60, %61 : tensor<8xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%57 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_23 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %65 = stablehlo.divide %63, %64 : tensor<8xf32>
    %66 = chlo.square %62 : tensor<8xf32> -> tensor<8xf32>
    %cst_24 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %68 = stablehlo.multiply %67, %62 : tensor<8xf32>
    %69 = stablehlo.subtract %65, %66 : tensor<8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %71 = stablehlo.maximum %70, %69 : tensor<8xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %73 = stablehlo.compare GT, %69, %72, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %75 = stablehlo.compare EQ, %69, %74, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_30 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %79 = stablehlo.select %75, %78, %77 : tensor<8xi1>, tensor<8xf32>
    %80 = stablehlo.select %73, %76, %79 : tensor<8xi1>, tensor<8xf32>
    %cst_31 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %82 = stablehlo.multiply %81, %arg22 : tensor<8xf32>
    %cst_32 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %84 = stablehlo.multiply %83, %62 : tensor<8xf32>
    %85 = stablehlo.add %82, %84 : tensor<8xf32>
    %cst_33 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %87 = stablehlo.multiply %86, %arg23 : tensor<8xf32>
    %cst_34 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %89 = stablehlo.multiply %88, %71 : tensor<8xf32>
    %90 = stablehlo.add %87, %89 : tensor<8xf32>
    %91 = stablehlo.broadcast_in_dim %62, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %92 = stablehlo.broadcast_in_dim %71, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %93 = stablehlo.broadcast_in_dim %91, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %94 = stablehlo.subtract %56, %93 : tensor<4x16x16x8xf32>
    %cst_35 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %96 = stablehlo.add %92, %95 : tensor<1x1x1x8xf32>
    %97 = stablehlo.rsqrt %96 : tensor<1x1x1x8xf32>
    %98 = stablehlo.divide %97, %96 : tensor<1x1x1x8xf32>
    %cst_36 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %100 = stablehlo.multiply %99, %98 : tensor<1x1x1x8xf32>
    %101 = stablehlo.reshape %arg6 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %102 = stablehlo.multiply %97, %101 : tensor<1x1x1x8xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %104 = stablehlo.multiply %94, %103 : tensor<4x16x16x8xf32>
    %105 = stablehlo.reshape %arg5 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %107 = stablehlo.add %104, %106 : tensor<4x16x16x8xf32>
    %108 = call @relu(%107) : (tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %110 = stablehlo.compare GT, %107, %109, FLOAT : (tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xi1>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %112 = stablehlo.convolution(%108, %arg10) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x16x16x8xf32>
    %113 = chlo.square %112 : tensor<4x16x16x8xf32> -> tensor<4x16x16x8xf32>
    %cst_39 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %115 = stablehlo.multiply %114, %112 : tensor<4x16x16x8xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%112 init: %cst_40) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_41 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %118 = stablehlo.divide %116, %117 : tensor<8xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%113 init: %cst_42) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_43 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %121 = stablehlo.divide %119, %120 : tensor<8xf32>
    %122 = chlo.square %118 : tensor<8xf32> -> tensor<8xf32>
    %cst_44 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %124 = stablehlo.multiply %123, %118 : tensor<8xf32>
    %125 = stablehlo.subtract %121, %122 : tensor<8xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %127 = stablehlo.maximum %126, %125 : tensor<8xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %129 = stablehlo.compare GT, %125, %128, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %131 = stablehlo.compare EQ, %125, %130, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_48 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %133 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_50 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %135 = stablehlo.select %131, %134, %133 : tensor<8xi1>, tensor<8xf32>
    %136 = stablehlo.select %129, %132, %135 : tensor<8xi1>, tensor<8xf32>
    %cst_51 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %138 = stablehlo.multiply %137, %arg24 : tensor<8xf32>
    %cst_52 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %140 = stablehlo.multiply %139, %118 : tensor<8xf32>
    %141 = stablehlo.add %138, %140 : tensor<8xf32>
    %cst_53 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %143 = stablehlo.multiply %142, %arg25 : tensor<8xf32>
    %cst_54 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %145 = stablehlo.multiply %144, %127 : tensor<8xf32>
    %146 = stablehlo.add %143, %145 : tensor<8xf32>
    %147 = stablehlo.broadcast_in_dim %118, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %148 = stablehlo.broadcast_in_dim %127, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %149 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %150 = stablehlo.subtract %112, %149 : tensor<4x16x16x8xf32>
    %cst_55 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %152 = stablehlo.add %148, %151 : tensor<1x1x1x8xf32>
    %153 = stablehlo.rsqrt %152 : tensor<1x1x1x8xf32>
    %154 = stablehlo.divide %153, %152 : tensor<1x1x1x8xf32>
    %cst_56 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %156 = stablehlo.multiply %155, %154 : tensor<1x1x1x8xf32>
    %157 = stablehlo.reshape %arg8 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %158 = stablehlo.multiply %153, %157 : tensor<1x1x1x8xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %160 = stablehlo.multiply %150, %159 : tensor<4x16x16x8xf32>
    %161 = stablehlo.reshape %arg7 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %162 = stablehlo.broadcast_in_dim %161, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %163 = stablehlo.add %160, %162 : tensor<4x16x16x8xf32>
    %164 = stablehlo.add %52, %163 : tensor<4x16x16x8xf32>
    %165 = call @relu(%164) : (tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %167 = stablehlo.compare GT, %164, %166, FLOAT : (tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xi1>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %169 = stablehlo.convolution(%165, %arg17) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<4x8x8x16xf32>
    %170 = chlo.square %169 : tensor<4x8x8x16xf32> -> tensor<4x8x8x16xf32>
    %cst_59 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %172 = stablehlo.multiply %171, %169 : tensor<4x8x8x16xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.reduce(%169 init: %cst_60) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_61 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %174 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %175 = stablehlo.divide %173, %174 : tensor<16xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %176 = stablehlo.reduce(%170 init: %cst_62) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_63 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %178 = stablehlo.divide %176, %177 : tensor<16xf32>
    %179 = chlo.square %175 : tensor<16xf32> -> tensor<16xf32>
    %cst_64 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %181 = stablehlo.multiply %180, %175 : tensor<16xf32>
    %182 = stablehlo.subtract %178, %179 : tensor<16xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %184 = stablehlo.maximum %183, %182 : tensor<16xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %186 = stablehlo.compare GT, %182, %185, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %188 = stablehlo.compare EQ, %182, %187, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_68 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_70 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %192 = stablehlo.select %188, %191, %190 : tensor<16xi1>, tensor<16xf32>
    %193 = stablehlo.select %186, %189, %192 : tensor<16xi1>, tensor<16xf32>
    %cst_71 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %195 = stablehlo.multiply %194, %arg26 : tensor<16xf32>
    %cst_72 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %197 = stablehlo.multiply %196, %175 : tensor<16xf32>
    %198 = stablehlo.add %195, %197 : tensor<16xf32>
    %cst_73 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %200 = stablehlo.multiply %199, %arg27 : tensor<16xf32>
    %cst_74 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %202 = stablehlo.multiply %201, %184 : tensor<16xf32>
    %203 = stablehlo.add %200, %202 : tensor<16xf32>
    %204 = stablehlo.broadcast_in_dim %175, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %205 = stablehlo.broadcast_in_dim %184, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %206 = stablehlo.broadcast_in_dim %204, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %207 = stablehlo.subtract %169, %206 : tensor<4x8x8x16xf32>
    %cst_75 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %209 = stablehlo.add %205, %208 : tensor<1x1x1x16xf32>
    %210 = stablehlo.rsqrt %209 : tensor<1x1x1x16xf32>
    %211 = stablehlo.divide %210, %209 : tensor<1x1x1x16xf32>
    %cst_76 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %213 = stablehlo.multiply %212, %211 : tensor<1x1x1x16xf32>
    %214 = stablehlo.reshape %arg12 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %215 = stablehlo.multiply %210, %214 : tensor<1x1x1x16xf32>
    %216 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %217 = stablehlo.multiply %207, %216 : tensor<4x8x8x16xf32>
    %218 = stablehlo.reshape %arg11 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %219 = stablehlo.broadcast_in_dim %218, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %220 = stablehlo.add %217, %219 : tensor<4x8x8x16xf32>
    %221 = call @relu_0(%220) : (tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %222 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %223 = stablehlo.compare GT, %220, %222, FLOAT : (tensor<4x8x8x16xf32>, tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xi1>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %225 = stablehlo.convolution(%221, %arg18) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x16xf32>, tensor<3x3x16x16xf32>) -> tensor<4x8x8x16xf32>
    %226 = chlo.square %225 : tensor<4x8x8x16xf32> -> tensor<4x8x8x16xf32>
    %cst_79 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %228 = stablehlo.multiply %227, %225 : tensor<4x8x8x16xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %229 = stablehlo.reduce(%225 init: %cst_80) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_81 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %230 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %231 = stablehlo.divide %229, %230 : tensor<16xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %232 = stablehlo.reduce(%226 init: %cst_82) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_83 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %234 = stablehlo.divide %232, %233 : tensor<16xf32>
    %235 = chlo.square %231 : tensor<16xf32> -> tensor<16xf32>
    %cst_84 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %236 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %237 = stablehlo.multiply %236, %231 : tensor<16xf32>
    %238 = stablehlo.subtract %234, %235 : tensor<16xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %240 = stablehlo.maximum %239, %238 : tensor<16xf32>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %242 = stablehlo.compare GT, %238, %241, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_87 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %244 = stablehlo.compare EQ, %238, %243, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_88 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %246 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_90 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %248 = stablehlo.select %244, %247, %246 : tensor<16xi1>, tensor<16xf32>
    %249 = stablehlo.select %242, %245, %248 : tensor<16xi1>, tensor<16xf32>
    %cst_91 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %250 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %251 = stablehlo.multiply %250, %arg28 : tensor<16xf32>
    %cst_92 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %252 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %253 = stablehlo.multiply %252, %231 : tensor<16xf32>
    %254 = stablehlo.add %251, %253 : tensor<16xf32>
    %cst_93 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %256 = stablehlo.multiply %255, %arg29 : tensor<16xf32>
    %cst_94 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %257 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %258 = stablehlo.multiply %257, %240 : tensor<16xf32>
    %259 = stablehlo.add %256, %258 : tensor<16xf32>
    %260 = stablehlo.broadcast_in_dim %231, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %261 = stablehlo.broadcast_in_dim %240, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %262 = stablehlo.broadcast_in_dim %260, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %263 = stablehlo.subtract %225, %262 : tensor<4x8x8x16xf32>
    %cst_95 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %265 = stablehlo.add %261, %264 : tensor<1x1x1x16xf32>
    %266 = stablehlo.rsqrt %265 : tensor<1x1x1x16xf32>
    %267 = stablehlo.divide %266, %265 : tensor<1x1x1x16xf32>
    %cst_96 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %269 = stablehlo.multiply %268, %267 : tensor<1x1x1x16xf32>
    %270 = stablehlo.reshape %arg14 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %271 = stablehlo.multiply %266, %270 : tensor<1x1x1x16xf32>
    %272 = stablehlo.broadcast_in_dim %271, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %273 = stablehlo.multiply %263, %272 : tensor<4x8x8x16xf32>
    %274 = stablehlo.reshape %arg13 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %276 = stablehlo.add %273, %275 : tensor<4x8x8x16xf32>
    %277 = stablehlo.convolution(%165, %arg19) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<1x1x8x16xf32>) -> tensor<4x8x8x16xf32>
    %278 = chlo.square %277 : tensor<4x8x8x16xf32> -> tensor<4x8x8x16xf32>
    %cst_97 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %280 = stablehlo.multiply %279, %277 : tensor<4x8x8x16xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.reduce(%277 init: %cst_98) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_99 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %282 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %283 = stablehlo.divide %281, %282 : tensor<16xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %284 = stablehlo.reduce(%278 init: %cst_100) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_101 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %285 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %286 = stablehlo.divide %284, %285 : tensor<16xf32>
    %287 = chlo.square %283 : tensor<16xf32> -> tensor<16xf32>
    %cst_102 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %289 = stablehlo.multiply %288, %283 : tensor<16xf32>
    %290 = stablehlo.subtract %286, %287 : tensor<16xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %292 = stablehlo.maximum %291, %290 : tensor<16xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %293 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %294 = stablehlo.compare GT, %290, %293, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %296 = stablehlo.compare EQ, %290, %295, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_106 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %298 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_108 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %300 = stablehlo.select %296, %299, %298 : tensor<16xi1>, tensor<16xf32>
    %301 = stablehlo.select %294, %297, %300 : tensor<16xi1>, tensor<16xf32>
    %cst_109 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %302 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %303 = stablehlo.multiply %302, %arg30 : tensor<16xf32>
    %cst_110 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %305 = stablehlo.multiply %304, %283 : tensor<16xf32>
    %306 = stablehlo.add %303, %305 : tensor<16xf32>
    %cst_111 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %308 = stablehlo.multiply %307, %arg31 : tensor<16xf32>
    %cst_112 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %310 = stablehlo.multiply %309, %292 : tensor<16xf32>
    %311 = stablehlo.add %308, %310 : tensor<16xf32>
    %312 = stablehlo.broadcast_in_dim %283, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %313 = stablehlo.broadcast_in_dim %292, dims = [3] : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %314 = stablehlo.broadcast_in_dim %312, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %315 = stablehlo.subtract %277, %314 : tensor<4x8x8x16xf32>
    %cst_113 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %317 = stablehlo.add %313, %316 : tensor<1x1x1x16xf32>
    %318 = stablehlo.rsqrt %317 : tensor<1x1x1x16xf32>
    %319 = stablehlo.divide %318, %317 : tensor<1x1x1x16xf32>
    %cst_114 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %321 = stablehlo.multiply %320, %319 : tensor<1x1x1x16xf32>
    %322 = stablehlo.reshape %arg16 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %323 = stablehlo.multiply %318, %322 : tensor<1x1x1x16xf32>
    %324 = stablehlo.broadcast_in_dim %323, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %325 = stablehlo.multiply %315, %324 : tensor<4x8x8x16xf32>
    %326 = stablehlo.reshape %arg15 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %327 = stablehlo.broadcast_in_dim %326, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %328 = stablehlo.add %325, %327 : tensor<4x8x8x16xf32>
    %329 = stablehlo.add %328, %276 : tensor<4x8x8x16xf32>
    %330 = call @relu_0(%329) : (tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %331 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %332 = stablehlo.compare GT, %329, %331, FLOAT : (tensor<4x8x8x16xf32>, tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xi1>
    %cst_116 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %334 = stablehlo.reduce(%330 init: %cst_117) applies stablehlo.add across dimensions = [1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    %cst_118 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %336 = stablehlo.divide %334, %335 : tensor<4x16xf32>
    %337 = stablehlo.dot_general %336, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x10xf32>) -> tensor<4x10xf32>
    %338 = stablehlo.reshape %arg3 : (tensor<10xf32>) -> tensor<1x10xf32>
    %339 = stablehlo.broadcast_in_dim %338, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %340 = stablehlo.add %337, %339 : tensor<4x10xf32>
    %341 = stablehlo.broadcast_in_dim %arg53, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %342:2 = call @take_along_axis(%340, %341) : (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %343:2 = call @_take(%342#0, %c) : (tensor<4x1xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<1xi32>)
    %cst_119 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %344 = stablehlo.reduce(%340 init: %cst_119) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %345 = stablehlo.reshape %344 : (tensor<4xf32>) -> tensor<4x1xf32>
    %346 = stablehlo.broadcast_in_dim %345, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %347 = stablehlo.compare EQ, %340, %346, FLOAT : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xi1>
    %348 = stablehlo.convert %347 : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %349 = stablehlo.reduce(%348 init: %cst_120) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_121 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %350 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %351 = stablehlo.maximum %350, %344 : tensor<4xf32>
    %cst_122 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %352 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %353 = stablehlo.compare GT, %344, %352, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_123 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %354 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %355 = stablehlo.compare EQ, %344, %354, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_124 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %356 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_125 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %359 = stablehlo.select %355, %358, %357 : tensor<4xi1>, tensor<4xf32>
    %360 = stablehlo.select %353, %356, %359 : tensor<4xi1>, tensor<4xf32>
    %361 = stablehlo.is_finite %351 : (tensor<4xf32>) -> tensor<4xi1>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %362 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %363 = stablehlo.select %361, %351, %362 : tensor<4xi1>, tensor<4xf32>
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %364 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %365 = stablehlo.broadcast_in_dim %363, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %366 = stablehlo.broadcast_in_dim %365, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %367 = stablehlo.subtract %340, %366 : tensor<4x10xf32>
    %368 = stablehlo.exponential %367 : tensor<4x10xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %369 = stablehlo.reduce(%368 init: %cst_129) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %370 = stablehlo.sign %369 : tensor<4xf32>
    %371 = stablehlo.abs %369 : tensor<4xf32>
    %cst_130 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %372 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %373 = stablehlo.compare GE, %369, %372, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %374 = stablehlo.log %371 : tensor<4xf32>
    %375 = stablehlo.add %374, %363 : tensor<4xf32>
    %376 = stablehlo.subtract %375, %343#0 : tensor<4xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %377 = stablehlo.reduce(%376 init: %cst_131) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_132 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %378 = stablehlo.divide %377, %cst_132 : tensor<f32>
    %cst_133 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_134 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %379 = stablehlo.divide %cst_133, %cst_134 : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %379, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %381 = stablehlo.negate %380 : tensor<4xf32>
    %382 = stablehlo.divide %380, %371 : tensor<4xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %384 = stablehlo.select %373, %383, %382 : tensor<4xi1>, tensor<4xf32>
    %385 = stablehlo.select %373, %382, %383 : tensor<4xi1>, tensor<4xf32>
    %386 = stablehlo.negate %384 : tensor<4xf32>
    %387 = stablehlo.add %385, %386 : tensor<4xf32>
    %388 = stablehlo.broadcast_in_dim %387, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %389 = stablehlo.multiply %388, %368 : tensor<4x10xf32>
    %390 = call @_take_1(%343#1, %381) : (tensor<1xi32>, tensor<4xf32>) -> tensor<4x1xf32>
    %391 = call @take_along_axis_2(%342#1, %390) : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %392 = stablehlo.add %389, %391 : tensor<4x10xf32>
    %cst_136 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %393 = stablehlo.reduce(%392 init: %cst_136) applies stablehlo.add across dimensions = [0] : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %394 = stablehlo.reshape %393 : (tensor<10xf32>) -> tensor<1x10xf32>
    %395 = stablehlo.reshape %394 : (tensor<1x10xf32>) -> tensor<10xf32>
    %396 = stablehlo.dot_general %392, %336, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<4x16xf32>) -> tensor<10x16xf32>
    %397 = stablehlo.transpose %396, dims = [1, 0] : (tensor<10x16xf32>) -> tensor<16x10xf32>
    %398 = stablehlo.dot_general %392, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<16x10xf32>) -> tensor<4x16xf32>
    %cst_137 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %399 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %400 = stablehlo.divide %398, %399 : tensor<4x16xf32>
    %401 = stablehlo.broadcast_in_dim %400, dims = [0, 3] : (tensor<4x16xf32>) -> tensor<4x8x8x16xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %402 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %403 = stablehlo.select %332, %401, %402 : tensor<4x8x8x16xi1>, tensor<4x8x8x16xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %404 = stablehlo.reduce(%403 init: %cst_139) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %405 = stablehlo.reshape %404 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %406 = stablehlo.reshape %405 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %407 = stablehlo.multiply %315, %403 : tensor<4x8x8x16xf32>
    %cst_140 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %408 = stablehlo.reduce(%407 init: %cst_140) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %409 = stablehlo.reshape %408 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %410 = stablehlo.broadcast_in_dim %323, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %411 = stablehlo.multiply %403, %410 : tensor<4x8x8x16xf32>
    %412 = stablehlo.multiply %318, %409 : tensor<1x1x1x16xf32>
    %413 = stablehlo.multiply %409, %322 : tensor<1x1x1x16xf32>
    %414 = stablehlo.reshape %412 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %415 = stablehlo.multiply %413, %321 : tensor<1x1x1x16xf32>
    %416 = stablehlo.negate %411 : tensor<4x8x8x16xf32>
    %cst_141 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %417 = stablehlo.reduce(%416 init: %cst_141) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %418 = stablehlo.reshape %417 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_142 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %419 = stablehlo.reduce(%415 init: %cst_142) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_143 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %420 = stablehlo.reduce(%418 init: %cst_143) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %421 = stablehlo.multiply %419, %301 : tensor<16xf32>
    %422 = stablehlo.negate %421 : tensor<16xf32>
    %423 = stablehlo.multiply %422, %289 : tensor<16xf32>
    %424 = stablehlo.add %420, %423 : tensor<16xf32>
    %cst_144 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %425 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %426 = stablehlo.divide %421, %425 : tensor<16xf32>
    %427 = stablehlo.broadcast_in_dim %426, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %cst_145 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %428 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %429 = stablehlo.divide %424, %428 : tensor<16xf32>
    %430 = stablehlo.broadcast_in_dim %429, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %431 = stablehlo.add %411, %430 : tensor<4x8x8x16xf32>
    %432 = stablehlo.multiply %427, %280 : tensor<4x8x8x16xf32>
    %433 = stablehlo.add %431, %432 : tensor<4x8x8x16xf32>
    %434 = stablehlo.convolution(%165, %433) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, -1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<4x8x8x16xf32>) -> tensor<1x1x8x16xf32>
    %435 = stablehlo.reverse %arg19, dims = [0, 1] : tensor<1x1x8x16xf32>
    %436 = stablehlo.convolution(%433, %435) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x16xf32>, tensor<1x1x8x16xf32>) -> tensor<4x16x16x8xf32>
    %cst_146 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %437 = stablehlo.reduce(%403 init: %cst_146) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %438 = stablehlo.reshape %437 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %439 = stablehlo.reshape %438 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %440 = stablehlo.multiply %263, %403 : tensor<4x8x8x16xf32>
    %cst_147 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %441 = stablehlo.reduce(%440 init: %cst_147) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %442 = stablehlo.reshape %441 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %443 = stablehlo.broadcast_in_dim %271, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %444 = stablehlo.multiply %403, %443 : tensor<4x8x8x16xf32>
    %445 = stablehlo.multiply %266, %442 : tensor<1x1x1x16xf32>
    %446 = stablehlo.multiply %442, %270 : tensor<1x1x1x16xf32>
    %447 = stablehlo.reshape %445 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %448 = stablehlo.multiply %446, %269 : tensor<1x1x1x16xf32>
    %449 = stablehlo.negate %444 : tensor<4x8x8x16xf32>
    %cst_148 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %450 = stablehlo.reduce(%449 init: %cst_148) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %451 = stablehlo.reshape %450 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_149 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %452 = stablehlo.reduce(%448 init: %cst_149) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_150 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %453 = stablehlo.reduce(%451 init: %cst_150) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %454 = stablehlo.multiply %452, %249 : tensor<16xf32>
    %455 = stablehlo.negate %454 : tensor<16xf32>
    %456 = stablehlo.multiply %455, %237 : tensor<16xf32>
    %457 = stablehlo.add %453, %456 : tensor<16xf32>
    %cst_151 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %458 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %459 = stablehlo.divide %454, %458 : tensor<16xf32>
    %460 = stablehlo.broadcast_in_dim %459, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %cst_152 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %461 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %462 = stablehlo.divide %457, %461 : tensor<16xf32>
    %463 = stablehlo.broadcast_in_dim %462, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %464 = stablehlo.add %444, %463 : tensor<4x8x8x16xf32>
    %465 = stablehlo.multiply %460, %228 : tensor<4x8x8x16xf32>
    %466 = stablehlo.add %464, %465 : tensor<4x8x8x16xf32>
    %467 = stablehlo.convolution(%221, %466) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x16xf32>, tensor<4x8x8x16xf32>) -> tensor<3x3x16x16xf32>
    %468 = stablehlo.reverse %arg18, dims = [0, 1] : tensor<3x3x16x16xf32>
    %469 = stablehlo.convolution(%466, %468) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x16xf32>, tensor<3x3x16x16xf32>) -> tensor<4x8x8x16xf32>
    %cst_153 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %470 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %471 = stablehlo.select %223, %469, %470 : tensor<4x8x8x16xi1>, tensor<4x8x8x16xf32>
    %cst_154 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %472 = stablehlo.reduce(%471 init: %cst_154) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %473 = stablehlo.reshape %472 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %474 = stablehlo.reshape %473 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %475 = stablehlo.multiply %207, %471 : tensor<4x8x8x16xf32>
    %cst_155 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %476 = stablehlo.reduce(%475 init: %cst_155) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %477 = stablehlo.reshape %476 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %478 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<4x8x8x16xf32>
    %479 = stablehlo.multiply %471, %478 : tensor<4x8x8x16xf32>
    %480 = stablehlo.multiply %210, %477 : tensor<1x1x1x16xf32>
    %481 = stablehlo.multiply %477, %214 : tensor<1x1x1x16xf32>
    %482 = stablehlo.reshape %480 : (tensor<1x1x1x16xf32>) -> tensor<16xf32>
    %483 = stablehlo.multiply %481, %213 : tensor<1x1x1x16xf32>
    %484 = stablehlo.negate %479 : tensor<4x8x8x16xf32>
    %cst_156 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %485 = stablehlo.reduce(%484 init: %cst_156) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %486 = stablehlo.reshape %485 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %cst_157 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %487 = stablehlo.reduce(%483 init: %cst_157) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %cst_158 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %488 = stablehlo.reduce(%486 init: %cst_158) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %489 = stablehlo.multiply %487, %193 : tensor<16xf32>
    %490 = stablehlo.negate %489 : tensor<16xf32>
    %491 = stablehlo.multiply %490, %181 : tensor<16xf32>
    %492 = stablehlo.add %488, %491 : tensor<16xf32>
    %cst_159 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %493 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %494 = stablehlo.divide %489, %493 : tensor<16xf32>
    %495 = stablehlo.broadcast_in_dim %494, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %cst_160 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %496 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %497 = stablehlo.divide %492, %496 : tensor<16xf32>
    %498 = stablehlo.broadcast_in_dim %497, dims = [3] : (tensor<16xf32>) -> tensor<4x8x8x16xf32>
    %499 = stablehlo.add %479, %498 : tensor<4x8x8x16xf32>
    %500 = stablehlo.multiply %495, %172 : tensor<4x8x8x16xf32>
    %501 = stablehlo.add %499, %500 : tensor<4x8x8x16xf32>
    %502 = stablehlo.convolution(%165, %501) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<4x8x8x16xf32>) -> tensor<3x3x8x16xf32>
    %503 = stablehlo.reverse %arg17, dims = [0, 1] : tensor<3x3x8x16xf32>
    %504 = stablehlo.convolution(%501, %503) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x8x8x16xf32>, tensor<3x3x8x16xf32>) -> tensor<4x16x16x8xf32>
    %505 = stablehlo.add %436, %504 : tensor<4x16x16x8xf32>
    %cst_161 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %506 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %507 = stablehlo.select %167, %505, %506 : tensor<4x16x16x8xi1>, tensor<4x16x16x8xf32>
    %cst_162 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %508 = stablehlo.reduce(%507 init: %cst_162) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %509 = stablehlo.reshape %508 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %510 = stablehlo.reshape %509 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %511 = stablehlo.multiply %150, %507 : tensor<4x16x16x8xf32>
    %cst_163 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %512 = stablehlo.reduce(%511 init: %cst_163) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %513 = stablehlo.reshape %512 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %514 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %515 = stablehlo.multiply %507, %514 : tensor<4x16x16x8xf32>
    %516 = stablehlo.multiply %153, %513 : tensor<1x1x1x8xf32>
    %517 = stablehlo.multiply %513, %157 : tensor<1x1x1x8xf32>
    %518 = stablehlo.reshape %516 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %519 = stablehlo.multiply %517, %156 : tensor<1x1x1x8xf32>
    %520 = stablehlo.negate %515 : tensor<4x16x16x8xf32>
    %cst_164 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %521 = stablehlo.reduce(%520 init: %cst_164) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %522 = stablehlo.reshape %521 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_165 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %523 = stablehlo.reduce(%519 init: %cst_165) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_166 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %524 = stablehlo.reduce(%522 init: %cst_166) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %525 = stablehlo.multiply %523, %136 : tensor<8xf32>
    %526 = stablehlo.negate %525 : tensor<8xf32>
    %527 = stablehlo.multiply %526, %124 : tensor<8xf32>
    %528 = stablehlo.add %524, %527 : tensor<8xf32>
    %cst_167 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %529 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %530 = stablehlo.divide %525, %529 : tensor<8xf32>
    %531 = stablehlo.broadcast_in_dim %530, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %cst_168 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %532 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %533 = stablehlo.divide %528, %532 : tensor<8xf32>
    %534 = stablehlo.broadcast_in_dim %533, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %535 = stablehlo.add %515, %534 : tensor<4x16x16x8xf32>
    %536 = stablehlo.multiply %531, %115 : tensor<4x16x16x8xf32>
    %537 = stablehlo.add %535, %536 : tensor<4x16x16x8xf32>
    %538 = stablehlo.convolution(%108, %537) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) -> tensor<3x3x8x8xf32>
    %539 = stablehlo.reverse %arg10, dims = [0, 1] : tensor<3x3x8x8xf32>
    %540 = stablehlo.convolution(%537, %539) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x16x16x8xf32>
    %cst_169 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %541 = stablehlo.broadcast_in_dim %cst_169, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %542 = stablehlo.select %110, %540, %541 : tensor<4x16x16x8xi1>, tensor<4x16x16x8xf32>
    %cst_170 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %543 = stablehlo.reduce(%542 init: %cst_170) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %544 = stablehlo.reshape %543 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %545 = stablehlo.reshape %544 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %546 = stablehlo.multiply %94, %542 : tensor<4x16x16x8xf32>
    %cst_171 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %547 = stablehlo.reduce(%546 init: %cst_171) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %548 = stablehlo.reshape %547 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %549 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %550 = stablehlo.multiply %542, %549 : tensor<4x16x16x8xf32>
    %551 = stablehlo.multiply %97, %548 : tensor<1x1x1x8xf32>
    %552 = stablehlo.multiply %548, %101 : tensor<1x1x1x8xf32>
    %553 = stablehlo.reshape %551 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %554 = stablehlo.multiply %552, %100 : tensor<1x1x1x8xf32>
    %555 = stablehlo.negate %550 : tensor<4x16x16x8xf32>
    %cst_172 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %556 = stablehlo.reduce(%555 init: %cst_172) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %557 = stablehlo.reshape %556 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_173 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %558 = stablehlo.reduce(%554 init: %cst_173) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_174 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %559 = stablehlo.reduce(%557 init: %cst_174) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %560 = stablehlo.multiply %558, %80 : tensor<8xf32>
    %561 = stablehlo.negate %560 : tensor<8xf32>
    %562 = stablehlo.multiply %561, %68 : tensor<8xf32>
    %563 = stablehlo.add %559, %562 : tensor<8xf32>
    %cst_175 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %564 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %565 = stablehlo.divide %560, %564 : tensor<8xf32>
    %566 = stablehlo.broadcast_in_dim %565, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %cst_176 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %567 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %568 = stablehlo.divide %563, %567 : tensor<8xf32>
    %569 = stablehlo.broadcast_in_dim %568, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %570 = stablehlo.add %550, %569 : tensor<4x16x16x8xf32>
    %571 = stablehlo.multiply %566, %59 : tensor<4x16x16x8xf32>
    %572 = stablehlo.add %570, %571 : tensor<4x16x16x8xf32>
    %573 = stablehlo.convolution(%52, %572) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<4x16x16x8xf32>) -> tensor<3x3x8x8xf32>
    %574 = stablehlo.reverse %arg9, dims = [0, 1] : tensor<3x3x8x8xf32>
    %575 = stablehlo.convolution(%572, %574) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x16x16x8xf32>
    %576 = stablehlo.add %507, %575 : tensor<4x16x16x8xf32>
    %cst_177 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %577 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %578 = stablehlo.select %54, %576, %577 : tensor<4x16x16x8xi1>, tensor<4x16x16x8xf32>
    %cst_178 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %579 = stablehlo.reduce(%578 init: %cst_178) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %580 = stablehlo.reshape %579 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %581 = stablehlo.reshape %580 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %582 = stablehlo.multiply %38, %578 : tensor<4x16x16x8xf32>
    %cst_179 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %583 = stablehlo.reduce(%582 init: %cst_179) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %584 = stablehlo.reshape %583 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %585 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x16x16x8xf32>
    %586 = stablehlo.multiply %578, %585 : tensor<4x16x16x8xf32>
    %587 = stablehlo.multiply %41, %584 : tensor<1x1x1x8xf32>
    %588 = stablehlo.multiply %584, %45 : tensor<1x1x1x8xf32>
    %589 = stablehlo.reshape %587 : (tensor<1x1x1x8xf32>) -> tensor<8xf32>
    %590 = stablehlo.multiply %588, %44 : tensor<1x1x1x8xf32>
    %591 = stablehlo.negate %586 : tensor<4x16x16x8xf32>
    %cst_180 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %592 = stablehlo.reduce(%591 init: %cst_180) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x16x16x8xf32>, tensor<f32>) -> tensor<8xf32>
    %593 = stablehlo.reshape %592 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_181 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %594 = stablehlo.reduce(%590 init: %cst_181) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_182 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %595 = stablehlo.reduce(%593 init: %cst_182) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %596 = stablehlo.multiply %594, %24 : tensor<8xf32>
    %597 = stablehlo.negate %596 : tensor<8xf32>
    %598 = stablehlo.multiply %597, %12 : tensor<8xf32>
    %599 = stablehlo.add %595, %598 : tensor<8xf32>
    %cst_183 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %600 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %601 = stablehlo.divide %596, %600 : tensor<8xf32>
    %602 = stablehlo.broadcast_in_dim %601, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %cst_184 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %603 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %604 = stablehlo.divide %599, %603 : tensor<8xf32>
    %605 = stablehlo.broadcast_in_dim %604, dims = [3] : (tensor<8xf32>) -> tensor<4x16x16x8xf32>
    %606 = stablehlo.add %586, %605 : tensor<4x16x16x8xf32>
    %607 = stablehlo.multiply %602, %3 : tensor<4x16x16x8xf32>
    %608 = stablehlo.add %606, %607 : tensor<4x16x16x8xf32>
    %609 = stablehlo.convolution(%arg52, %608) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x16x16x3xf32>, tensor<4x16x16x8xf32>) -> tensor<3x3x3x8xf32>
    %cst_185 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %610 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %611 = stablehlo.multiply %610, %arg32 : tensor<8xf32>
    %612 = stablehlo.add %581, %611 : tensor<8xf32>
    %cst_186 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %613 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %614 = stablehlo.multiply %613, %arg33 : tensor<8xf32>
    %615 = stablehlo.add %589, %614 : tensor<8xf32>
    %cst_187 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %616 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %617 = stablehlo.multiply %616, %arg34 : tensor<3x3x3x8xf32>
    %618 = stablehlo.add %609, %617 : tensor<3x3x3x8xf32>
    %cst_188 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %619 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %620 = stablehlo.multiply %619, %arg35 : tensor<10xf32>
    %621 = stablehlo.add %395, %620 : tensor<10xf32>
    %cst_189 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %622 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<16x10xf32>
    %623 = stablehlo.multiply %622, %arg36 : tensor<16x10xf32>
    %624 = stablehlo.add %397, %623 : tensor<16x10xf32>
    %cst_190 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %625 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %626 = stablehlo.multiply %625, %arg37 : tensor<8xf32>
    %627 = stablehlo.add %545, %626 : tensor<8xf32>
    %cst_191 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %628 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %629 = stablehlo.multiply %628, %arg38 : tensor<8xf32>
    %630 = stablehlo.add %553, %629 : tensor<8xf32>
    %cst_192 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %631 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %632 = stablehlo.multiply %631, %arg39 : tensor<8xf32>
    %633 = stablehlo.add %510, %632 : tensor<8xf32>
    %cst_193 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %634 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %635 = stablehlo.multiply %634, %arg40 : tensor<8xf32>
    %636 = stablehlo.add %518, %635 : tensor<8xf32>
    %cst_194 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %637 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<3x3x8x8xf32>
    %638 = stablehlo.multiply %637, %arg41 : tensor<3x3x8x8xf32>
    %639 = stablehlo.add %573, %638 : tensor<3x3x8x8xf32>
    %cst_195 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %640 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<3x3x8x8xf32>
    %641 = stablehlo.multiply %640, %arg42 : tensor<3x3x8x8xf32>
    %642 = stablehlo.add %538, %641 : tensor<3x3x8x8xf32>
    %cst_196 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %643 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %644 = stablehlo.multiply %643, %arg43 : tensor<16xf32>
    %645 = stablehlo.add %474, %644 : tensor<16xf32>
    %cst_197 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %646 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %647 = stablehlo.multiply %646, %arg44 : tensor<16xf32>
    %648 = stablehlo.add %482, %647 : tensor<16xf32>
    %cst_198 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %649 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %650 = stablehlo.multiply %649, %arg45 : tensor<16xf32>
    %651 = stablehlo.add %439, %650 : tensor<16xf32>
    %cst_199 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %652 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %653 = stablehlo.multiply %652, %arg46 : tensor<16xf32>
    %654 = stablehlo.add %447, %653 : tensor<16xf32>
    %cst_200 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %655 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %656 = stablehlo.multiply %655, %arg47 : tensor<16xf32>
    %657 = stablehlo.add %406, %656 : tensor<16xf32>
    %cst_201 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %658 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %659 = stablehlo.multiply %658, %arg48 : tensor<16xf32>
    %660 = stablehlo.add %414, %659 : tensor<16xf32>
    %cst_202 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %661 = stablehlo.broadcast_in_dim %cst_202, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %662 = stablehlo.multiply %661, %arg49 : tensor<3x3x8x16xf32>
    %663 = stablehlo.add %502, %662 : tensor<3x3x8x16xf32>
    %cst_203 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %664 = stablehlo.broadcast_in_dim %cst_203, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %665 = stablehlo.multiply %664, %arg50 : tensor<3x3x16x16xf32>
    %666 = stablehlo.add %467, %665 : tensor<3x3x16x16xf32>
    %cst_204 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %667 = stablehlo.broadcast_in_dim %cst_204, dims = [] : (tensor<f32>) -> tensor<1x1x8x16xf32>
    %668 = stablehlo.multiply %667, %arg51 : tensor<1x1x8x16xf32>
    %669 = stablehlo.add %434, %668 : tensor<1x1x8x16xf32>
    %cst_205 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %670 = stablehlo.broadcast_in_dim %cst_205, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %671 = stablehlo.multiply %670, %612 : tensor<8xf32>
    %cst_206 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %672 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %673 = stablehlo.multiply %672, %615 : tensor<8xf32>
    %cst_207 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %674 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<3x3x3x8xf32>
    %675 = stablehlo.multiply %674, %618 : tensor<3x3x3x8xf32>
    %cst_208 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %676 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %677 = stablehlo.multiply %676, %621 : tensor<10xf32>
    %cst_209 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %678 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<16x10xf32>
    %679 = stablehlo.multiply %678, %624 : tensor<16x10xf32>
    %cst_210 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %680 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %681 = stablehlo.multiply %680, %627 : tensor<8xf32>
    %cst_211 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %682 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %683 = stablehlo.multiply %682, %630 : tensor<8xf32>
    %cst_212 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %684 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %685 = stablehlo.multiply %684, %633 : tensor<8xf32>
    %cst_213 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %686 = stablehlo.broadcast_in_dim %cst_213, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %687 = stablehlo.multiply %686, %636 : tensor<8xf32>
    %cst_214 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %688 = stablehlo.broadcast_in_dim %cst_214, dims = [] : (tensor<f32>) -> tensor<3x3x8x8xf32>
    %689 = stablehlo.multiply %688, %639 : tensor<3x3x8x8xf32>
    %cst_215 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %690 = stablehlo.broadcast_in_dim %cst_215, dims = [] : (tensor<f32>) -> tensor<3x3x8x8xf32>
    %691 = stablehlo.multiply %690, %642 : tensor<3x3x8x8xf32>
    %cst_216 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %692 = stablehlo.broadcast_in_dim %cst_216, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %693 = stablehlo.multiply %692, %645 : tensor<16xf32>
    %cst_217 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %694 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %695 = stablehlo.multiply %694, %648 : tensor<16xf32>
    %cst_218 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %696 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %697 = stablehlo.multiply %696, %651 : tensor<16xf32>
    %cst_219 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %698 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %699 = stablehlo.multiply %698, %654 : tensor<16xf32>
    %cst_220 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %700 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %701 = stablehlo.multiply %700, %657 : tensor<16xf32>
    %cst_221 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %702 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %703 = stablehlo.multiply %702, %660 : tensor<16xf32>
    %cst_222 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %704 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<3x3x8x16xf32>
    %705 = stablehlo.multiply %704, %663 : tensor<3x3x8x16xf32>
    %cst_223 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %706 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<3x3x16x16xf32>
    %707 = stablehlo.multiply %706, %666 : tensor<3x3x16x16xf32>
    %cst_224 = stablehlo.constant dense<-5.000000e-02> : tensor<f32>
    %708 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<1x1x8x16xf32>
    %709 = stablehlo.multiply %708, %669 : tensor<1x1x8x16xf32>
    %710 = stablehlo.add %arg0, %671 : tensor<8xf32>
    %711 = stablehlo.add %arg1, %673 : tensor<8xf32>
    %712 = stablehlo.add %arg2, %675 : tensor<3x3x3x8xf32>
    %713 = stablehlo.add %arg3, %677 : tensor<10xf32>
    %714 = stablehlo.add %arg4, %679 : tensor<16x10xf32>
    %715 = stablehlo.add %arg5, %681 : tensor<8xf32>
    %716 = stablehlo.add %arg6, %683 : tensor<8xf32>
    %717 = stablehlo.add %arg7, %685 : tensor<8xf32>
    %718 = stablehlo.add %arg8, %687 : tensor<8xf32>
    %719 = stablehlo.add %arg9, %689 : tensor<3x3x8x8xf32>
    %720 = stablehlo.add %arg10, %691 : tensor<3x3x8x8xf32>
    %721 = stablehlo.add %arg11, %693 : tensor<16xf32>
    %722 = stablehlo.add %arg12, %695 : tensor<16xf32>
    %723 = stablehlo.add %arg13, %697 : tensor<16xf32>
    %724 = stablehlo.add %arg14, %699 : tensor<16xf32>
    %725 = stablehlo.add %arg15, %701 : tensor<16xf32>
    %726 = stablehlo.add %arg16, %703 : tensor<16xf32>
    %727 = stablehlo.add %arg17, %705 : tensor<3x3x8x16xf32>
    %728 = stablehlo.add %arg18, %707 : tensor<3x3x16x16xf32>
    %729 = stablehlo.add %arg19, %709 : tensor<1x1x8x16xf32>
    return %710, %711, %712, %713, %714, %715, %716, %717, %718, %719, %720, %721, %722, %723, %724, %725, %726, %727, %728, %729, %29, %34, %85, %90, %141, %146, %198, %203, %254, %259, %306, %311, %612, %615, %618, %621, %624, %627, %630, %633, %636, %639, %642, %645, %648, %651, %654, %657, %660, %663, %666, %669, %378 : tensor<8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<10xf32>, tensor<16x10xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<3x3x8x8xf32>, tensor<3x3x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<3x3x8x16xf32>, tensor<3x3x16x16xf32>, tensor<1x1x8x16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8xf32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<10xf32>, tensor<16x10xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<3x3x8x8xf32>, tensor<3x3x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<3x3x8x16xf32>, tensor<3x3x16x16xf32>, tensor<1x1x8x16xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<4x16x16x8xf32>) -> tensor<4x16x16x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16x16x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x16x16x8xf32>
    return %1 : tensor<4x16x16x8xf32>
  }
  func.func private @relu_0(%arg0: tensor<4x8x8x16xf32>) -> tensor<4x8x8x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x8x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x8x8x16xf32>
    return %1 : tensor<4x8x8x16xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15, %5 : tensor<4x1xf32>, tensor<4x1x1xi32>
  }
  func.func private @_take(%arg0: tensor<4x1xf32>, %arg1: tensor<i32>) -> (tensor<4xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<1xi32>
    %4 = stablehlo.convert %3 : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %7 = stablehlo.compare LE, %4, %c_1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %8 = stablehlo.and %6, %7 : tensor<1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<1xi1>, tensor<i1>) -> tensor<i1>
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 4, 1>}> : (tensor<4x1xf32>, tensor<1xi32>) -> tensor<4xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<4xi1>, tensor<4xf32>
    return %13, %3 : tensor<4xf32>, tensor<1xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_1(%arg0: tensor<1xi32>, %arg1: tensor<4xf32>) -> tensor<4x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x1xf32>, tensor<1xi32>, tensor<4xf32>) -> tensor<4x1xf32>
    return %1 : tensor<4x1xf32>
  }
  func.func private @take_along_axis_2(%arg0: tensor<4x1x1xi32>, %arg1: tensor<4x1xf32>) -> tensor<4x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x10xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    return %1 : tensor<4x10xf32>
  }
}
